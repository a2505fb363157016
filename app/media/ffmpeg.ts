import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'
import env from '#start/env'

const run = promisify(execFile)
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
    const configured = env.get('FFMPEG_PATH')
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

export async function ffmpeg(args: string[]) {
  return run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  })
}
