import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { ProcessError, runProcess } from '#media/ffmpeg/process'

const require = createRequire(import.meta.url)

function works(binary: string) {
  return spawnSync(binary, ['-version'], { stdio: 'ignore' }).status === 0
}

type Tool = 'ffmpeg' | 'ffprobe'

/**
 * The static build npm installed for this machine: `@ffmpeg-installer/<os>-<cpu>`
 * (and `@ffprobe-installer/…`) are optional dependencies, one per platform, and
 * npm installs only the one that fits. Null where none does (an unlisted
 * platform, or `--omit=optional`).
 */
export function npmBuildPath(tool: Tool): string | null {
  const name = `@${tool}-installer/${process.platform}-${process.arch}`
  try {
    const dir = dirname(require.resolve(`${name}/package.json`))
    return join(dir, process.platform === 'win32' ? `${tool}.exe` : tool)
  } catch {
    return null
  }
}

function missing(tool: Tool): never {
  throw new Error(
    `No ${tool} found: install ffmpeg (apt install ffmpeg, brew install ffmpeg) or set FFMPEG_PATH; ` +
      `npm ships no ${tool} build for ${process.platform}-${process.arch}.`
  )
}

type FfmpegChoice = { path: string; source: 'FFMPEG_PATH' | 'system' | 'npm' }

let chosen: FfmpegChoice | undefined

function chooseFfmpeg(): FfmpegChoice {
  if (!chosen) {
    // Not #start/env: bin/bench_render.ts runs without the app (start/env.ts validates it at boot).
    const configured = process.env.FFMPEG_PATH
    if (configured) {
      chosen = { path: configured, source: 'FFMPEG_PATH' }
    } else if (works('ffmpeg')) {
      chosen = { path: 'ffmpeg', source: 'system' }
    } else {
      chosen = { path: npmBuildPath('ffmpeg') ?? missing('ffmpeg'), source: 'npm' }
    }
  }
  return chosen
}

/**
 * The ffmpeg to use: FFMPEG_PATH, else the system one (it has every filter),
 * else the static build npm installed for this platform, so a bare machine
 * still works.
 */
export function ffmpegPath(): string {
  return chooseFfmpeg().path
}

/** Which ffmpeg runs, for the boot report: `system (ffmpeg 5.1.6)`, `npm (@ffmpeg-installer/linux-x64)`. */
export function describeFfmpeg(): string {
  const { path, source } = chooseFfmpeg()
  if (source === 'npm') return `npm (@ffmpeg-installer/${process.platform}-${process.arch})`
  const banner = spawnSync(path, ['-version'], { encoding: 'utf8' }).stdout ?? ''
  const version = /^ffmpeg version (\S+)/.exec(banner)?.[1]
  const named = source === 'system' ? 'ffmpeg' : path
  return `${source === 'system' ? 'system' : 'FFMPEG_PATH'} (${named}${version ? ` ${version}` : ''})`
}

const probes = new Map<string, string>()

/**
 * The ffprobe to pair with an ffmpeg: the one beside it, else the system one,
 * else the npm build for this platform (the npm ffmpeg ships none).
 */
export function ffprobePath(ffmpegBinary: string = ffmpegPath()): string {
  let found = probes.get(ffmpegBinary)
  if (!found) {
    const sibling = join(dirname(ffmpegBinary), 'ffprobe')
    if (ffmpegBinary.includes('/') && existsSync(sibling) && works(sibling)) {
      found = sibling
    } else if (works('ffprobe')) {
      found = 'ffprobe'
    } else {
      found = npmBuildPath('ffprobe') ?? missing('ffprobe')
    }
    probes.set(ffmpegBinary, found)
  }
  return found
}

const filterLists = new Map<string, Promise<ReadonlySet<string>>>()

/**
 * The names of the filters an ffmpeg build has (`ffmpeg -filters`), asked
 * once per binary: builds differ (the npm one has no `xfade`).
 */
export function ffmpegFilters(binary: string = ffmpegPath()): Promise<ReadonlySet<string>> {
  let filters = filterLists.get(binary)
  if (!filters) {
    filters = runProcess(binary, ['-hide_banner', '-filters']).then(
      (stdout) => new Set(stdout.split('\n').flatMap((line) => parseFilterLine(line)))
    )
    filters.catch(() => filterLists.delete(binary))
    filterLists.set(binary, filters)
  }
  return filters
}

/** ` T.C drawtext   V->V   Draw text…`: three flag columns, the name, the pads. */
function parseFilterLine(line: string) {
  const match = /^ [.A-Z|]{3} (\S+)\s+\S*->\S*\s/.exec(line)
  return match ? [match[1]] : []
}

/** How an ffmpeg's libass shapes text: with HarfBuzz, with FriBidi alone, or it has no libass. */
export type LibassShaper = 'complex' | 'simple' | null

const shapers = new Map<string, Promise<LibassShaper>>()

/**
 * Whether an ffmpeg's libass shapes with HarfBuzz (`complex`: Devanagari's
 * conjuncts and reordered vowel signs) or FriBidi alone (`simple`, the npm
 * build), asked once per binary: libass names its shaper as the
 * `subtitles` filter starts, before it fails on an empty file.
 */
export function libassShaper(binary: string = ffmpegPath()): Promise<LibassShaper> {
  let shaper = shapers.get(binary)
  if (!shaper) {
    shaper = runProcess(binary, [
      ...['-hide_banner', '-loglevel', 'verbose', '-f', 'lavfi', '-i', 'color=s=16x16:d=0.04'],
      ...['-vf', 'subtitles=filename=/dev/null', '-f', 'null', '-'],
    ]).then(
      () => null,
      (error: unknown) => {
        const named =
          error instanceof ProcessError ? /Shaper: .*\((\w+)\)/.exec(error.stderr) : null
        return named?.[1] === 'COMPLEX' ? 'complex' : named?.[1] === 'SIMPLE' ? 'simple' : null
      }
    )
    shapers.set(binary, shaper)
  }
  return shaper
}
