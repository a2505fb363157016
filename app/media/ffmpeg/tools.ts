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
  /**
   * Threads each ffmpeg may run for its decoders, filter graphs and encoder;
   * unset, ffmpeg starts about one per core this process may run on.
   */
  threads?: number
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

/**
 * Runs ffmpeg quietly, overwriting its output, on at most `tools.threads`
 * threads per decoder, filter graph and encoder. `args` end with the one
 * output; only the binary, the observer and the threads of `tools` count.
 */
export function runFfmpeg(
  tools: Pick<MediaTools, 'ffmpeg' | 'observe' | 'threads'>,
  args: string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {}
) {
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y']
  return runProcess(tools.ffmpeg, [...quiet, ...limitThreads(args, tools.threads)], {
    ...options,
    observe: tools.observe,
  })
}

/**
 * `-threads` is an option of the file that follows it: given before every
 * input (its decoders) and before the output (its encoder); the filter
 * graphs' threads are global options.
 */
function limitThreads(args: string[], threads: number | undefined) {
  if (!threads) return args
  const count = String(threads)
  const limited = ['-filter_threads', count, '-filter_complex_threads', count]
  for (const arg of args.slice(0, -1)) {
    if (arg === '-i') limited.push('-threads', count)
    limited.push(arg)
  }
  return [...limited, '-threads', count, ...args.slice(-1)]
}
