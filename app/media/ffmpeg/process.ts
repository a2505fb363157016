import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'

/** What one finished child process cost. */
export type ProcessStats = {
  command: string
  wallMs: number
  /** Peak resident memory (VmHWM) in KiB, last seen before exit; undefined without /proc. */
  peakRssKiB: number | undefined
  /** The most threads it was seen running at once; undefined without /proc. */
  peakThreads: number | undefined
}

export type ProcessObserver = (stats: ProcessStats) => void

// VmHWM only grows and threads start as the codecs open: sampling this often misses at most the
// last few milliseconds.
const SAMPLE_EVERY_MS = 20
const STDERR_KEPT = 8 * 1024

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string
  ) {
    super(message)
    this.name = 'ProcessError'
  }
}

/**
 * Runs a binary without a shell, `input` on its stdin, and resolves with its
 * stdout; a non-zero exit rejects with the tail of its stderr. With an
 * observer, its peak memory and thread count are sampled from /proc while
 * it runs.
 */
export function runProcess(
  binary: string,
  args: string[],
  options: {
    input?: Buffer
    observe?: ProcessObserver
    env?: NodeJS.ProcessEnv
    /**
     * Aborting kills the process (SIGTERM); the promise rejects with the
     * signal's reason once the process has exited, so nothing it writes
     * outlives the caller's clean-up.
     */
    signal?: AbortSignal
  } = {}
): Promise<string> {
  const { signal } = options
  if (signal?.aborted) return Promise.reject(signal.reason)
  const started = performance.now()
  const child = spawn(binary, args, {
    stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: options.env ? { ...process.env, ...options.env } : process.env,
  })
  const kill = () => child.kill('SIGTERM')
  signal?.addEventListener('abort', kill, { once: true })
  if (options.input && child.stdin) {
    // A process that fails before reading all of it closes the pipe: its exit code tells why.
    child.stdin.on('error', () => {})
    child.stdin.end(options.input)
  }
  const stdout: Buffer[] = []
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)
  })

  let peakRssKiB: number | undefined
  let peakThreads: number | undefined
  const sampler =
    options.observe && child.pid
      ? setInterval(async () => {
          const seen = await sample(child.pid!)
          peakRssKiB = seen.rssKiB ?? peakRssKiB
          if (seen.threads !== undefined) peakThreads = Math.max(peakThreads ?? 0, seen.threads)
        }, SAMPLE_EVERY_MS)
      : undefined

  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(sampler)
      signal?.removeEventListener('abort', kill)
      reject(error)
    })
    child.once('close', (code, killedBy) => {
      clearInterval(sampler)
      signal?.removeEventListener('abort', kill)
      options.observe?.({
        command: basename(binary),
        wallMs: performance.now() - started,
        peakRssKiB,
        peakThreads,
      })
      if (signal?.aborted) {
        reject(signal.reason)
      } else if (code === 0) {
        resolve(Buffer.concat(stdout).toString())
      } else {
        const reason = killedBy ? `was killed by ${killedBy}` : `exited with ${code}`
        const detail = stderr.trim().split('\n').slice(-5).join('\n')
        reject(new ProcessError(`${basename(binary)} ${reason}: ${detail}`, stderr))
      }
    })
  })
}

/** A running process's peak memory (VmHWM, KiB) and thread count, from /proc. */
async function sample(pid: number) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const rss = /^VmHWM:\s+(\d+) kB$/m.exec(status)
    const threads = /^Threads:\s+(\d+)$/m.exec(status)
    return {
      rssKiB: rss ? Number(rss[1]) : undefined,
      threads: threads ? Number(threads[1]) : undefined,
    }
  } catch {
    // The process has just exited.
    return { rssKiB: undefined, threads: undefined }
  }
}

/**
 * Runs `task` over the items with at most `limit` in flight; results keep the
 * items' order. After a failure nothing new starts, and it rejects only once
 * the running tasks have settled (so no process outlives its temp dir).
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await task(items[index], index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker)
  await settleAll(workers)
  return results
}

/** Promise.all that waits for every promise before rejecting with the first failure. */
export async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises)
  const failure = settled.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value)
}
