import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'

/** What one finished child process cost. */
export type ProcessStats = {
  command: string
  wallMs: number
  /** Peak resident memory (VmHWM) in KiB, last seen before exit; undefined without /proc. */
  peakRssKiB: number | undefined
}

export type ProcessObserver = (stats: ProcessStats) => void

// VmHWM only grows: sampling it this often misses at most the last few milliseconds.
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
 * observer, its peak memory is sampled from /proc while it runs.
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
  const sampler =
    options.observe && child.pid
      ? setInterval(async () => {
          peakRssKiB = (await highWaterMark(child.pid!)) ?? peakRssKiB
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

async function highWaterMark(pid: number) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(status)
    return match ? Number(match[1]) : undefined
  } catch {
    // The process has just exited.
    return undefined
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
