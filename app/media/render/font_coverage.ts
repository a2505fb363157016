import { open } from 'node:fs/promises'

/** The characters a font draws: whether it maps a code point to a glyph of its own. */
export type FontCoverage = (codePoint: number) => boolean

const coverages = new Map<string, Promise<FontCoverage>>()

/**
 * What a TrueType or OpenType font covers, read from its `cmap` table (only
 * its table directory and that table are read, so a CJK font of megabytes
 * costs a millisecond or two), once per file and process, when a render
 * first needs it.
 */
export function fontCoverage(file: string): Promise<FontCoverage> {
  let coverage = coverages.get(file)
  if (!coverage) {
    coverage = readCoverage(file)
    coverage.catch(() => coverages.delete(file))
    coverages.set(file, coverage)
  }
  return coverage
}

async function readCoverage(file: string): Promise<FontCoverage> {
  const handle = await open(file, 'r')
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await handle.read(buffer, 0, length, position)
      if (bytesRead < length) throw new Error(`${file}: the font ends inside a table`)
      return buffer
    }
    const header = await read(0, 12)
    const tables = header.readUInt16BE(4)
    const directory = await read(12, tables * 16)
    for (let record = 0; record < tables; record++) {
      if (directory.toString('latin1', record * 16, record * 16 + 4) !== 'cmap') continue
      const offset = directory.readUInt32BE(record * 16 + 8)
      const length = directory.readUInt32BE(record * 16 + 12)
      return coverageOf(characterRanges(await read(offset, length)))
    }
    throw new Error(`${file}: the font has no cmap table`)
  } finally {
    await handle.close()
  }
}

type Range = [first: number, last: number]

/**
 * The Unicode ranges of a `cmap`: its full-repertoire subtable (format 12)
 * when it has one, else its BMP one (format 4). Code points mapped to glyph
 * 0 (`.notdef`, the tofu box) are not covered.
 */
function characterRanges(cmap: Buffer): Range[] {
  const subtables = cmap.readUInt16BE(2)
  const byFormat = new Map<number, number>()
  for (let record = 0; record < subtables; record++) {
    const platform = cmap.readUInt16BE(4 + record * 8)
    const encoding = cmap.readUInt16BE(6 + record * 8)
    const offset = cmap.readUInt32BE(8 + record * 8)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    const format = cmap.readUInt16BE(offset)
    if (unicode && !byFormat.has(format)) byFormat.set(format, offset)
  }
  const full = byFormat.get(12)
  if (full !== undefined) return format12(cmap, full)
  const bmp = byFormat.get(4)
  if (bmp !== undefined) return format4(cmap, bmp)
  throw new Error('The font has no Unicode cmap subtable of format 4 or 12')
}

function format12(cmap: Buffer, offset: number): Range[] {
  const groups = cmap.readUInt32BE(offset + 12)
  const ranges: Range[] = []
  for (let group = 0; group < groups; group++) {
    const at = offset + 16 + group * 12
    const first = cmap.readUInt32BE(at)
    const last = cmap.readUInt32BE(at + 4)
    const glyph = cmap.readUInt32BE(at + 8)
    ranges.push([glyph === 0 ? first + 1 : first, last])
  }
  return ranges
}

function format4(cmap: Buffer, offset: number): Range[] {
  const segments = cmap.readUInt16BE(offset + 6) / 2
  const ends = offset + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  const ranges: Range[] = []
  for (let segment = 0; segment < segments; segment++) {
    const last = cmap.readUInt16BE(ends + segment * 2)
    const first = cmap.readUInt16BE(starts + segment * 2)
    const delta = cmap.readUInt16BE(deltas + segment * 2)
    const rangeOffsetAt = rangeOffsets + segment * 2
    const rangeOffset = cmap.readUInt16BE(rangeOffsetAt)
    for (let codePoint = first; codePoint <= last && codePoint !== 0xffff; codePoint++) {
      let glyph = 0
      if (rangeOffset === 0) {
        glyph = (codePoint + delta) & 0xffff
      } else {
        const at = rangeOffsetAt + rangeOffset + (codePoint - first) * 2
        const indexed = at + 2 <= cmap.length ? cmap.readUInt16BE(at) : 0
        glyph = indexed === 0 ? 0 : (indexed + delta) & 0xffff
      }
      if (glyph === 0) continue
      const previous = ranges[ranges.length - 1]
      if (previous && previous[1] === codePoint - 1) previous[1] = codePoint
      else ranges.push([codePoint, codePoint])
    }
  }
  return ranges
}

function coverageOf(ranges: Range[]): FontCoverage {
  const sorted = ranges.filter(([first, last]) => first <= last).sort((a, b) => a[0] - b[0])
  return (codePoint) => {
    let low = 0
    let high = sorted.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      const [first, last] = sorted[middle]
      if (codePoint < first) high = middle - 1
      else if (codePoint > last) low = middle + 1
      else return true
    }
    return false
  }
}
