/*
|--------------------------------------------------------------------------
| An open-loop load: requests sent on a fixed schedule, whatever is in flight
|--------------------------------------------------------------------------
|
| autocannon's `overallRate` is not one: it splits the rate into a budget
| per connection, refilled every second, and each connection spends it
| back to back, waiting for an answer before it sends again. The load
| comes in bursts at each second's start, a slow answer delays the
| requests behind it, and each is timed from its late send, so the wait
| is never measured (coordinated omission).
|
| Here request i is due at start + i / rate and goes out then, on a free
| keep-alive socket or a new one; its latency runs from when it was due
| to its last byte. Any queue (this client's timers, the kernel, the
| server, the database pool) counts, as it would for a user clicking at
| that moment. `sendLagP99` says how late this client itself sent: if it
| is more than a millisecond or so, the generator was short of CPU.
|
*/
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'

export type OpenLoopOptions = {
  url: string
  headers: Record<string, string>
  /** Requests per second, evenly spaced. */
  rate: number
  /** Sent on the same schedule first and not measured: sockets open, code is hot. */
  warmupSeconds: number
  seconds: number
}

export type OpenLoopResult = {
  rate: number
  /** Measured requests answered with a 2xx. */
  completed: number
  /** Measured requests answered otherwise, failed, or unanswered STRAGGLER_WAIT_MS after the schedule. */
  errors: number
  /** Answers per second over the measured part. */
  achieved: number
  p50: number
  p90: number
  p99: number
  max: number
  sendLagP99: number
}

/** A server this far behind has long lost the run: what is still out then counts as errors. */
const STRAGGLER_WAIT_MS = 10_000
/** Sockets at most; beyond them a request waits in the agent, and that wait is measured too. */
const MAX_SOCKETS = 1024

/** Nearest-rank percentile of sorted values, in ms rounded to 0.1. */
function percentile(sorted: Float64Array, fraction: number) {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))
  return Math.round(sorted[index] * 10) / 10
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(options.url)
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
  const interval = 1000 / options.rate
  const warmup = Math.round(options.rate * options.warmupSeconds)
  const total = warmup + Math.round(options.rate * options.seconds)
  const latencies = new Float64Array(total - warmup)
  const lags = new Float64Array(total - warmup)
  let completed = 0
  let errors = 0
  let outstanding = 0
  let outstandingMeasured = 0
  let lastEnd = 0
  let closed = false
  let whenIdle: (() => void) | undefined

  const start = performance.now() + interval
  const measuredFrom = start + warmup * interval

  function finished(index: number, due: number, ok: boolean) {
    if (closed) return
    outstanding--
    if (index >= warmup) {
      outstandingMeasured--
      if (ok) {
        const end = performance.now()
        latencies[completed++] = end - due
        lastEnd = end
      } else {
        errors++
      }
    }
    if (outstanding === 0) whenIdle?.()
  }

  function send(index: number, due: number, now: number) {
    outstanding++
    if (index >= warmup) {
      outstandingMeasured++
      lags[index - warmup] = now - due
    }
    let done = false
    const once = (ok: boolean) => {
      if (done) return
      done = true
      finished(index, due, ok)
    }
    const outgoing = request(target, { agent, headers: options.headers }, (response) => {
      const ok = response.statusCode !== undefined && response.statusCode < 300
      response.on('error', () => once(false))
      response.on('end', () => once(ok))
      response.resume()
    })
    outgoing.on('error', () => once(false))
    outgoing.end()
  }

  let next = 0
  await new Promise<void>((scheduled) => {
    const tick = () => {
      const now = performance.now()
      while (next < total && start + next * interval <= now) {
        send(next, start + next * interval, now)
        next++
      }
      if (next === total) return scheduled()
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()))
    }
    setTimeout(tick, interval)
  })

  let timer: NodeJS.Timeout | undefined
  await new Promise<void>((resolve) => {
    if (outstanding === 0) return resolve()
    whenIdle = resolve
    timer = setTimeout(resolve, STRAGGLER_WAIT_MS)
  })
  clearTimeout(timer)
  closed = true
  agent.destroy()

  const answered = latencies.subarray(0, completed).sort()
  const sortedLags = lags.sort()
  return {
    rate: options.rate,
    completed,
    errors: errors + outstandingMeasured,
    achieved: completed > 0 ? (completed * 1000) / (lastEnd - measuredFrom) : 0,
    p50: percentile(answered, 0.5),
    p90: percentile(answered, 0.9),
    p99: percentile(answered, 0.99),
    max: percentile(answered, 1),
    sendLagP99: percentile(sortedLags, 0.99),
  }
}
