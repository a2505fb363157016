import { ffmpegFilters, ffmpegPath, ffprobePath } from '#media/ffmpeg/binaries'
import { runProcess, type ProcessObserver } from '#media/ffmpeg/process'

/**
 * The binaries a render runs and what they can do. Passed in rather than
 * looked up so callers (tests, the bench) can pick a build and watch the
 * processes.
 */
export type MediaTools = {
  ffmpeg: string
  ffprobe: string
  /** Filter names the ffmpeg build has: features degrade when one is missing. */
  filters: ReadonlySet<string>
  /** Told about every child process as it ends. */
  observe?: ProcessObserver
}

export async function mediaTools(
  options: { ffmpeg?: string; ffprobe?: string; observe?: ProcessObserver } = {}
): Promise<MediaTools> {
  const ffmpeg = options.ffmpeg ?? ffmpegPath()
  return {
    ffmpeg,
    ffprobe: options.ffprobe ?? ffprobePath(ffmpeg),
    filters: await ffmpegFilters(ffmpeg),
    observe: options.observe,
  }
}

/** Runs ffmpeg quietly, overwriting its output; only the binary and the observer of `tools` count. */
export function runFfmpeg(
  tools: Pick<MediaTools, 'ffmpeg' | 'observe'>,
  args: string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {}
) {
  return runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    ...options,
    observe: tools.observe,
  })
}
