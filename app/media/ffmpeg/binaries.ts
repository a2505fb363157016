import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { runProcess } from '#media/ffmpeg/process'

const require = createRequire(import.meta.url)

function works(binary: string) {
  return spawnSync(binary, ['-version'], { stdio: 'ignore' }).status === 0
}

let resolved: string | undefined

/**
 * The ffmpeg to use: FFMPEG_PATH, else the system one, else the static
 * build shipped on npm (@ffmpeg-installer), so a bare machine still works.
 */
export function ffmpegPath(): string {
  if (!resolved) {
    // Not #start/env: bin/bench_render.ts runs without the app (start/env.ts validates it at boot).
    const configured = process.env.FFMPEG_PATH
    if (configured) {
      resolved = configured
    } else if (works('ffmpeg')) {
      resolved = 'ffmpeg'
    } else {
      resolved = require.resolve('@ffmpeg-installer/linux-x64/ffmpeg')
    }
  }
  return resolved
}

const probes = new Map<string, string>()

/**
 * The ffprobe to pair with an ffmpeg: the one beside it, else the system one,
 * else @ffprobe-installer (the npm ffmpeg ships none).
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
      found = require.resolve('@ffprobe-installer/linux-x64/ffprobe')
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
