/*
|--------------------------------------------------------------------------
| Latency under a steady load: the open-loop part of `npm run bench`
|--------------------------------------------------------------------------
|
| At 50 closed-loop connections a request's p99 is mostly its wait behind
| the other 49 (Little's law): it measures the queue the benchmark builds,
| not what a user feels. Here each route gets requests at a fixed rate
| (bin/open_loop.ts), whatever is in flight, and each is timed from when
| it was due: a server that keeps up answers in its own time, one that
| falls behind shows the queue in every figure.
|
| The rates climb LADDER for bare and my-videos side by side; a route
| leaves the ladder at its first rate with p99 > 50 ms (or any error),
| though never below 200 req/s, where the bar is, and the gap between its
| last good rate and that one is then halved twice. Each step is
| `warmupSeconds` sent and not measured, then `stepSeconds` measured. At
| 200 req/s PostgreSQL's own counters give the statements a request costs
| (read after a pause on each side: it counts late).
|
*/
import pg from 'pg'
import { database } from './bench_support.ts'
import { openLoop, type OpenLoopResult } from './open_loop.ts'

export type LatencyTarget = { name: string; path: string; headers?: Record<string, string> }

export type LatencyOptions = {
  base: string
  headers: Record<string, string>
  database: string
  warmupSeconds: number
  stepSeconds: number
}

type Step = OpenLoopResult & { name: string }
type Statements = { name: string; perRequest: number }

/** Requests per second tried in turn: fine where the bars are, coarser above. */
const LADDER = [50, 100, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12000]
/** my-videos at this rate must hold p99 ≤ BAR_P99_MS. */
const BAR_RATE = 200
const BAR_P99_MS = 25
/** The highest rate reported is the highest that held p99 ≤ CEILING_P99_MS without errors. */
const CEILING_P99_MS = 50
const REFINEMENTS = 2
/** A generator this late sending (p99) was itself short of CPU: its figures are pessimistic. */
const LATE_SEND_MS = 2
/** PostgreSQL sends an idle backend's counters to its statistics within 10 s. */
const STATS_FLUSH_MS = 11_000

const holds = (result: OpenLoopResult) => result.errors === 0 && result.p99 <= CEILING_P99_MS

/** Transactions the database has committed or rolled back: one per statement outside a transaction. */
async function transactions(name: string) {
  const client = new pg.Client({ ...database, database: 'postgres' })
  await client.connect()
  try {
    const { rows } = await client.query(
      'select xact_commit + xact_rollback as total from pg_stat_database where datname = $1',
      [name]
    )
    return Number(rows[0].total)
  } finally {
    await client.end()
  }
}

async function step(target: LatencyTarget, rate: number, options: LatencyOptions) {
  const result = await openLoop({
    url: `${options.base}${target.path}`,
    headers: { ...options.headers, ...target.headers },
    rate,
    warmupSeconds: options.warmupSeconds,
    seconds: options.stepSeconds,
  })
  return { name: target.name, ...result }
}

/** A step, and the statements its requests cost once PostgreSQL has counted them. */
async function countedStep(target: LatencyTarget, rate: number, options: LatencyOptions) {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS))
  const before = await transactions(options.database)
  const result = await step(target, rate, options)
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS))
  const after = await transactions(options.database)
  const sent = Math.round(rate * (options.warmupSeconds + options.stepSeconds))
  return { result, statements: { name: target.name, perRequest: (after - before) / sent } }
}

/** Climbs the ladder with every target still holding, then narrows each one's limit. */
export async function measureLatency(targets: LatencyTarget[], options: LatencyOptions) {
  const steps: Step[] = []
  const statements: Statements[] = []
  const lastHeld = new Map<string, number>()
  const firstFailed = new Map<string, number>()
  for (const rate of LADDER) {
    // Every endpoint gets the rates up to the bar's, even past its limit: the bar has a figure.
    const due = targets.filter(({ name }) => rate <= BAR_RATE || !firstFailed.has(name))
    if (due.length === 0) break
    for (const target of due) {
      let result: Step
      if (rate === BAR_RATE) {
        const counted = await countedStep(target, rate, options)
        result = counted.result
        statements.push(counted.statements)
      } else {
        result = await step(target, rate, options)
      }
      steps.push(result)
      if (firstFailed.has(target.name)) continue
      if (holds(result)) lastHeld.set(target.name, rate)
      else firstFailed.set(target.name, rate)
    }
  }
  for (const target of targets) {
    let low = lastHeld.get(target.name)
    let high = firstFailed.get(target.name)
    for (let round = 0; round < REFINEMENTS && low !== undefined && high !== undefined; round++) {
      const rate = Math.round((low + high) / 20) * 10
      if (rate <= low || rate >= high) break
      const result = await step(target, rate, options)
      steps.push(result)
      if (holds(result)) low = rate
      else high = rate
    }
    if (low !== undefined) lastHeld.set(target.name, low)
  }
  return { steps, statements, lastHeld, firstFailed }
}

function highest(
  name: string,
  { lastHeld, firstFailed }: Awaited<ReturnType<typeof measureLatency>>
): string {
  const held = lastHeld.get(name)
  if (held === undefined) return `under ${LADDER[0]} req/s`
  return firstFailed.has(name) ? `${held} req/s` : `≥ ${held} req/s (the top of the ladder)`
}

export function printLatency(
  measured: Awaited<ReturnType<typeof measureLatency>>,
  targets: LatencyTarget[],
  options: LatencyOptions
) {
  const order = targets.map(({ name }) => name)
  const rows = [...measured.steps].sort(
    (a, b) => a.rate - b.rate || order.indexOf(a.name) - order.indexOf(b.name)
  )
  const lines = [
    [
      'req/s',
      'endpoint',
      'achieved',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'errors',
      'send lag p99',
    ],
    ...rows.map((row) => [
      String(row.rate),
      row.name,
      row.achieved.toFixed(0),
      row.p50.toFixed(1),
      row.p90.toFixed(1),
      row.p99.toFixed(1),
      row.max.toFixed(1),
      String(row.errors),
      row.sendLagP99.toFixed(1),
    ]),
  ]
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)))
  console.log(
    `\nOpen loop: requests at a fixed rate whatever is in flight, each timed from when it was ` +
      `due to its last byte; ${options.warmupSeconds} s of warm-up, then ${options.stepSeconds} s ` +
      `per rate and endpoint; an endpoint stops at its first p99 > ${CEILING_P99_MS} ms`
  )
  for (const line of lines) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '))
  }
  const latest = Math.max(...rows.map((row) => row.sendLagP99))
  if (latest > LATE_SEND_MS) {
    console.log(
      `note: the load generator itself sent up to ${latest.toFixed(1)} ms late (p99): the machine ` +
        `was short of CPU, and the latencies above count that wait`
    )
  }
  if (measured.statements.length > 0) {
    const counts = measured.statements.map(
      ({ name, perRequest }) => `${name} ${perRequest.toFixed(1)}`
    )
    console.log(
      `SQL statements per request at ${BAR_RATE} req/s (PostgreSQL's counters): ${counts.join(', ')}`
    )
  }
  const bar = rows.find((row) => row.name === 'my-videos' && row.rate === BAR_RATE)
  if (bar) {
    const met = bar.errors === 0 && bar.p99 <= BAR_P99_MS
    console.log(
      `bar: my-videos at ${BAR_RATE} req/s: p99 ${bar.p99.toFixed(1)} ms ≤ ${BAR_P99_MS} ms: ` +
        `${met ? 'met' : 'NOT met'}${bar.errors > 0 ? ` (${bar.errors} errors)` : ''}`
    )
  }
  console.log(
    `highest rate with p99 ≤ ${CEILING_P99_MS} ms: ` +
      order.map((name) => `${name} ${highest(name, measured)}`).join(', ')
  )
}
