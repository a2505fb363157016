/*
|--------------------------------------------------------------------------
| The benchmark: `npm run bench [-- --duration 10 --rounds 5 --skip-render --skip-e2e --profile
|   --only bare,my-videos --skip-latency --latency-step 10 --database reelforge_bench]`
|--------------------------------------------------------------------------
|
| Builds for production, starts the built server on its own database
| (`--database`, reelforge_bench on the local PostgreSQL, made anew), signs a user in
| through a real sign-in link, gives them 1,000 videos (nine in ten
| finished, six scenes each) and drives 50 connections with autocannon at
| each endpoint, in one run:
|
|   bare         GET /__bench/bare (BENCH_ROUTES=true): the framework's ceiling
|   my-videos    GET /api/my-videos?perPage=24, the first page (gzip accepted,
|                then again with identity)
|   project      GET /api/projects/{id} with its scenes
|   dashboard    GET / as an Inertia request (X-Inertia and its version)
|   videos page  GET /videos as an Inertia request
|
| Each endpoint gets 3 s of warm-up, then `--duration` seconds split into
| `--rounds` rounds, and the endpoints take turns round by round: a machine
| that slows down for a while (other tenants, CPU frequency) slows every
| endpoint's round alike instead of one endpoint's whole run. The table
| shows each figure's median over the rounds, and "÷ bare" is the median of
| the per-round ratios.
|
| It prints one table (requests/s, p50, p99, throughput ÷ bare): the
| throughput at saturation, where p99 is mostly the wait behind the other
| connections. Then latency under a steady load (bin/bench_latency.ts,
| `--skip-latency` to leave it out): bare and my-videos at fixed rates
| from 50 req/s up, sent on schedule whatever is in flight and timed from
| when each request was due (bin/open_loop.ts; autocannon's overallRate
| sends in bursts and times from its late sends), `--latency-step`
| seconds per rate after 2 s of warm-up, p50/p90/p99/max and the rate
| achieved, until p99 passes 50 ms; with the statements a request costs,
| from PostgreSQL's counters. Then the initial JavaScript per page
| (bin/bench_pages.ts on the build), the render benchmark
| (bin/bench_render.ts) and the end-to-end one on the same build
| (bin/bench_e2e.ts: click → done, at each plan's size; `--skip-e2e`).
| `--profile` writes the server's CPU profile under tmp/bench-profile/
| (open it in Chrome DevTools). Bars: my-videos ≥ 0.6 of bare with p99 ≤
| 25 ms at saturation; my-videos at 200 req/s with p99 ≤ 25 ms, and the
| highest rate with p99 ≤ 50 ms reported beside bare's; ≤ 120 kB gzip of
| initial JavaScript per page.
|
*/
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  BUILD,
  buildForProduction,
  ROOT,
  database,
  dropDatabase,
  freePort,
  recreateDatabase,
  run,
  signIn,
  waitForServer,
  productionEnv,
} from './bench_support.ts'
import { measureLatency, printLatency } from './bench_latency.ts'

const { values: options } = parseArgs({
  options: {
    'duration': { type: 'string', default: '10' },
    'connections': { type: 'string', default: '50' },
    'rounds': { type: 'string', default: '5' },
    'skip-build': { type: 'boolean', default: false },
    'skip-render': { type: 'boolean', default: false },
    'skip-e2e': { type: 'boolean', default: false },
    'profile': { type: 'boolean', default: false },
    'only': { type: 'string' },
    'database': { type: 'string', default: 'reelforge_bench' },
    'skip-latency': { type: 'boolean', default: false },
    'latency-step': { type: 'string', default: '10' },
  },
})
const DURATION_S = Number(options.duration)
const CONNECTIONS = Number(options.connections)
const ROUNDS = Number(options.rounds)
const WARMUP_S = 3
const VIDEOS = 1000
const SCENES_PER_VIDEO = 6
const EMAIL = 'bench@reelforge.test'
const DATABASE = options.database

/** Every video of the user in one statement per table: prompts, statuses, keys and scenes. */
async function seedVideos() {
  const client = new pg.Client({ ...database, database: DATABASE })
  await client.connect()
  try {
    return await insertVideos(client)
  } finally {
    await client.end()
  }
}

async function insertVideos(client: pg.Client) {
  const {
    rows: [user],
  } = await client.query('select id from users where email = $1', [EMAIL])
  await client.query(
    `insert into projects (user_id, script, style, style_template, voice, aspect_ratio,
        target_seconds, generation_mode, status, progress_percent, thumb_key, output_video_key,
        created_at, updated_at)
     select $1, 'Video ' || n || ': a lighthouse keeper climbs the stairs at dawn and lights the lamp',
        'cinematic', 'cinematic',
        '{"id":"en-us","provider":"espeak","speed":1,"language":"english"}'::jsonb, '9:16', 30,
        'text-to-video', case when n % 10 = 0 then 'draft' else 'done' end,
        case when n % 10 = 0 then 0 else 100 end,
        case when n % 10 = 0 then null else 'projects/bench-' || n || '/thumb.jpg' end,
        case when n % 10 = 0 then null else 'projects/bench-' || n || '/video.mp4' end,
        now() - n * interval '1 minute', now() - n * interval '1 minute'
     from generate_series(1, $2::int) as n`,
    [user.id, VIDEOS]
  )
  await client.query(
    `insert into scenes (project_id, prompt, duration, "order", status, thumbnail_key, created_at, updated_at)
     select p.id, 'Scene ' || s || ' of the lighthouse', 5, s, 'completed',
        'projects/' || p.id || '/scene-' || s || '.jpg', p.created_at, p.created_at
     from projects p cross join generate_series(1, $1::int) as s`,
    [SCENES_PER_VIDEO]
  )
  // What autovacuum would have done by the time a library is this big: statistics and visibility map.
  await client.query('vacuum analyze projects, scenes')
  const {
    rows: [newest],
  } = await client.query(
    `select id from projects where user_id = $1 and status = 'done' order by created_at desc limit 1`,
    [user.id]
  )
  return newest.id as number
}

async function inertiaVersion(base: string, cookie: string) {
  const response = await fetch(`${base}/`, { headers: { Cookie: cookie } })
  const html = await response.text()
  const match = /&quot;version&quot;:&quot;([^&]*)&quot;|"version":"([^"]*)"/.exec(html)
  if (!match) throw new Error('no Inertia version in the dashboard page')
  return match[1] ?? match[2]
}

type Target = { name: string; path: string; headers?: Record<string, string> }
type Round = { rps: number; p50: number; p99: number; errors: number }
type Row = { name: string; rounds: Round[] }

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function loadOf(base: string, target: Target, headers: Record<string, string>) {
  return {
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    headers: { ...headers, ...target.headers },
  }
}

/**
 * autocannon walks away from its last requests; the server still answers them
 * and they queue for the database pool, which is first come first served:
 * once this one is answered, they all are, and the next run starts on an idle server.
 */
async function drain(base: string, headers: Record<string, string>) {
  await fetch(`${base}/__bench/bare`, { headers })
}

/** Warms every endpoint up, then runs the rounds: each endpoint once per round, in turn. */
async function measure(base: string, targets: Target[], headers: Record<string, string>) {
  for (const target of targets) {
    await autocannon({ ...loadOf(base, target, headers), duration: WARMUP_S })
    await drain(base, headers)
  }
  const rows: Row[] = targets.map(({ name }) => ({ name, rounds: [] }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await autocannon({
        ...loadOf(base, target, headers),
        duration: DURATION_S / ROUNDS,
      })
      rows[index].rounds.push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors + result.timeouts,
      })
      await drain(base, headers)
    }
  }
  return rows
}

function printTable(rows: Row[]) {
  const bare = rows.find((row) => row.name === 'bare') ?? rows[0]
  const ratio = (row: Row) =>
    median(row.rounds.map((round, index) => round.rps / bare.rounds[index].rps))
  const figures = rows.map((row) => ({
    name: row.name,
    rps: median(row.rounds.map((round) => round.rps)),
    p50: median(row.rounds.map((round) => round.p50)),
    p99: median(row.rounds.map((round) => round.p99)),
    ratio: ratio(row),
    errors: row.rounds.reduce((sum, round) => sum + round.errors, 0),
  }))
  const lines = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', '÷ bare', 'errors'],
    ...figures.map((row) => [
      row.name,
      row.rps.toFixed(0),
      String(row.p50),
      String(row.p99),
      row.ratio.toFixed(2),
      String(row.errors),
    ]),
  ]
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)))
  console.log(
    `\nHTTP, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint in ${ROUNDS} interleaved ` +
      `rounds after ${WARMUP_S} s of warm-up (medians), ${VIDEOS} videos ` +
      `(production build, ${process.version})`
  )
  for (const line of lines) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '))
  }
  const myVideos = figures.find((row) => row.name === 'my-videos')
  if (!myVideos) return
  const pass = myVideos.ratio >= 0.6 && myVideos.p99 <= 25
  console.log(
    `bar: my-videos ≥ 0.6 × bare with p99 ≤ 25 ms: ${pass ? 'met' : 'NOT met'} ` +
      `(${myVideos.ratio.toFixed(2)}, p99 ${myVideos.p99} ms)`
  )
}

async function main() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const storage = await mkdtemp(join(tmpdir(), 'reelforge-bench-'))
  const env = productionEnv(
    { port, databaseName: DATABASE, storage },
    {
      SESSION_DRIVER: 'database',
      BENCH_ROUTES: 'true',
    }
  )
  delete env.REDIS_URL

  if (!options['skip-build']) {
    buildForProduction(env)
  }

  await recreateDatabase(DATABASE)
  run(process.execPath, ['ace', 'migration:run', '--force'], BUILD, env)
  run(process.execPath, ['ace', 'plans:seed'], BUILD, env)
  const profile = options.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'tmp/bench-profile')}`]
    : []
  const server = spawn(process.execPath, [...profile, 'bin/server.js'], {
    cwd: BUILD,
    env,
    stdio: 'inherit',
  })
  try {
    await waitForServer(base, server)
    const cookie = await signIn(base, env, EMAIL)
    const projectId = await seedVideos()
    const version = await inertiaVersion(base, cookie)
    const inertia = { 'X-Inertia': 'true', 'X-Inertia-Version': version }
    const json = { Accept: 'application/json' }
    const targets: Target[] = [
      { name: 'bare', path: '/__bench/bare', headers: json },
      { name: 'my-videos', path: '/api/my-videos?perPage=24', headers: json },
      {
        name: 'my-videos (identity)',
        path: '/api/my-videos?perPage=24',
        headers: { ...json, 'Accept-Encoding': 'identity' },
      },
      { name: 'project', path: `/api/projects/${projectId}`, headers: json },
      { name: 'dashboard (Inertia)', path: '/', headers: inertia },
      { name: '/videos (Inertia)', path: '/videos', headers: inertia },
    ]
    const only = options.only?.split(',')
    const chosen = targets.filter(({ name }) => !only || only.includes(name))
    const headers = { 'Cookie': cookie, 'Accept-Encoding': 'gzip, br' }
    printTable(await measure(base, chosen, headers))
    const steady = chosen.filter(({ name }) => name === 'bare' || name === 'my-videos')
    if (!options['skip-latency'] && steady.length > 0) {
      const latency = {
        base,
        headers,
        database: DATABASE,
        warmupSeconds: 2,
        stepSeconds: Number(options['latency-step']),
      }
      printLatency(await measureLatency(steady, latency), steady, latency)
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await dropDatabase(DATABASE)
    await rm(storage, { recursive: true, force: true })
  }

  console.log('')
  const pages = spawnSync(
    process.execPath,
    ['bin/bench_pages.ts', '--dir', join(BUILD, 'public/assets')],
    { cwd: ROOT, stdio: 'inherit' }
  )
  if (!options['skip-render']) {
    console.log('')
    spawnSync(process.execPath, ['--import', '@poppinss/ts-exec', 'bin/bench_render.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    })
  }
  if (!options['skip-e2e']) {
    console.log('')
    spawnSync(
      process.execPath,
      ['--import', '@poppinss/ts-exec', 'bin/bench_e2e.ts', '--skip-build'],
      { cwd: ROOT, stdio: 'inherit' }
    )
  }
  process.exitCode = pages.status ?? 1
}

await main()
