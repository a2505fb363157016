/*
|--------------------------------------------------------------------------
| End to end: `npm run bench:e2e [-- --sizes 720p,1080p,2160p --runs 3 --skip-build --log f.jsonl]`
|--------------------------------------------------------------------------
|
| What a creator waits for, from "Generate Final Video" to the status page
| saying the video is ready. Builds for production, starts the built server
| and one `queue:work` worker on their own database (reelforge_bench_e2e,
| made anew; the PostgreSQL queue backend, as `npm run dev` runs), and
| signs in a user on each plan: Free renders 720p, Pro 1080p, Agency 2160p
| (the plans seed). Each run makes a 30-second, six-scene Text to Video
| project (voice, a music bed) through the API, follows its live channel
| as the status page does, sends `POST /api/projects/:id/generate-all` and
| stops the clock when the channel says `done`. The sizes take turns run
| by run, so a machine that slows down for a while slows each alike.
|
| Beside each run, in the same run, the floor: ffmpeg re-encoding the
| finished MP4 with the render's own codec settings (bin/bench_render.ts
| measures the compose step against the same floor). And where the wall
| time went, read from the worker's own log lines (docs/decisions.md,
| Render timings): each job's wait and run, the scene jobs' and the compose
| job's stages, and the status page's estimate at the moment the run
| started against what it took. Bars: wall ÷ floor ≤ 1.25 at 720p and
| 1080p, ≤ 1.4 at 2160p; the estimate within ±30 %. `--log` keeps the
| worker's timing lines (JSON, one a line) for a closer look.
|
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { DEFAULT_PLANS } from '#billing/plan_catalogue'
import { mediaTools } from '#media/ffmpeg/tools'
import type { Quality } from '#media/providers/contracts'
import { resolutionFor } from '#media/render/types'
import {
  apiClient,
  BUILD,
  cpuSeconds,
  buildForProduction,
  database,
  dropDatabase,
  freePort,
  median,
  recreateDatabase,
  reencodeFloor,
  run,
  seconds,
  signIn,
  table,
  VOICE_OVER,
  waitForServer,
  within,
  productionEnv,
} from './bench_support.ts'

const { values: options } = parseArgs({
  options: {
    'sizes': { type: 'string', default: '720p,1080p,2160p' },
    'runs': { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    'log': { type: 'string' },
  },
})
const SIZES = options.sizes.split(',').map((size) => size.trim()) as Quality[]
const RUNS = Math.max(1, Number(options.runs))
const DATABASE = 'reelforge_bench_e2e'
const MUSIC_FILE = 'chill-lofi-drift.mp3'
const BARS: Record<Quality, number> = { '720p': 1.25, '1080p': 1.25, '2160p': 1.4 }
const RUN_TIMEOUT_MS = 5 * 60_000

for (const size of SIZES) {
  if (!(size in BARS)) throw new Error(`unknown size ${size}: 720p, 1080p or 2160p`)
}

/** One pino line of the worker's log. */
type LogLine = { msg: string; time: number } & Record<string, unknown>
type Stage = { stage: string; at: number; ms: number }
type JobRan = LogLine & { job: string; id: string; waitedMs: number; ms: number }
type StageLine = LogLine & { projectId: number; sceneId?: number; stages: Stage[] }

/** `queue:work` of the build, its JSON log lines kept as they come. */
async function startWorker(env: NodeJS.ProcessEnv) {
  const worker = spawn(process.execPath, ['ace.js', 'queue:work'], {
    cwd: BUILD,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: LogLine[] = []
  let ready = false
  createInterface({ input: worker.stdout! }).on('line', (text) => {
    if (text.includes('queue worker ready')) ready = true
    let line: LogLine
    try {
      line = JSON.parse(text) as LogLine
    } catch {
      // The command's own lines ("queue worker ready") are not pino's.
      return
    }
    lines.push(line)
    if (Number(line.level) >= 40) console.error(text)
  })
  for (let attempt = 0; !ready; attempt++) {
    if (attempt > 600 || worker.exitCode !== null) throw new Error('queue:work did not start')
    await sleep(100)
  }
  return { process: worker, lines }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * The project's live channel, followed as the status page follows it
 * (transmit's event stream, then a subscription): `ended` resolves with
 * the moment it says the run is over.
 */
async function followChannel(base: string, cookie: string, projectId: number) {
  const call = apiClient(base, cookie)
  const controller = new AbortController()
  let reconnects = 0
  const connect = async () => {
    const uid = randomUUID()
    const response = await fetch(`${base}/__transmit/events?uid=${uid}`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: controller.signal,
    })
    if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`)
    await call('POST', '/__transmit/subscribe', { uid, channel: `projects/${projectId}` })
    return response.body
  }
  let body = await connect()
  const ended = (async () => {
    for (;;) {
      try {
        return await doneOn(body)
      } catch (error) {
        if (controller.signal.aborted || (error as Error).message.startsWith('the render')) {
          throw error
        }
      }
      // The stream dropped: connect again, as the page's client does, then ask once.
      reconnects++
      body = await connect()
      const status = await call('GET', `/api/video/status/${projectId}`)
      if (status.status === 'done') return Date.now()
      if (status.status === 'failed') throw new Error(`the render failed: ${status.error}`)
    }
  })()
  // Settled below or abandoned with the stream: never an unhandled rejection.
  ended.catch(() => {})
  return { ended, reconnects: () => reconnects, close: () => controller.abort() }
}

/** The moment an event stream says the run is done; throws when it says failed or closes. */
async function doneOn(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true })
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n')
      buffer = buffer.slice(end + 2)
      if (!data) continue
      const { payload } = JSON.parse(data) as { payload: { status: string; error: string } }
      if (payload.status === 'failed') throw new Error(`the render failed: ${payload.error}`)
      if (payload.status === 'done') return Date.now()
    }
  }
  throw new Error('the live channel closed')
}

/** Where one run's wall time went, in ms; phases carry when they began after the click. */
type Breakdown = {
  wallMs: number
  floorMs: number
  estimateMs: number | null
  /** The worker's and the web server's own (node), their ffmpeg children's, and the floor's. */
  nodeCpuSeconds: number
  ffmpegCpuSeconds: number
  floorCpuSeconds: number
  phases: Record<string, { at: number; ms: number }>
  stages: Record<string, number>
}

/**
 * The run's timeline from the worker's lines: its scene jobs, the compose
 * job, each one's stages (summed over the scenes and the encodes), placed
 * against the click and the moment the page heard `done`.
 */
function breakdownOf(
  lines: LogLine[],
  projectId: number,
  clickedAt: number,
  acceptedAt: number,
  doneAt: number
): Pick<Breakdown, 'wallMs' | 'phases' | 'stages'> {
  const sceneLines = lines.filter(
    (line): line is StageLine => line.msg === 'scene stages' && line.projectId === projectId
  )
  const sceneIds = new Set(sceneLines.map((line) => line.sceneId))
  const jobs = lines.filter((line): line is JobRan => line.msg === 'job ran')
  // The compose job's children: a job per scene and the voice-over's.
  const sceneJobs = jobs.filter(
    (line) =>
      sceneIds.has(Number(/^scene-(\d+)-/.exec(line.id)?.[1])) ||
      line.id.startsWith(`narrate-${projectId}-`)
  )
  const narration = lines.find(
    (line): line is StageLine => line.msg === 'narration stages' && line.projectId === projectId
  )
  const composeJob = jobs.find((line) => line.id.startsWith(`compose-${projectId}-`))
  const compose = lines.find(
    (line): line is StageLine => line.msg === 'compose stages' && line.projectId === projectId
  )
  if (!composeJob || !compose || sceneJobs.length === 0) {
    throw new Error(`no job timings for project ${projectId} in the worker's log`)
  }
  const startOf = (job: JobRan) => job.time - job.ms
  const firstScene = Math.min(...sceneJobs.map(startOf))
  const lastScene = Math.max(...sceneJobs.map((job) => job.time))
  const composeStart = startOf(composeJob)
  const at = (time: number) => time - clickedAt
  const span = (from: number, to: number) => ({ at: at(from), ms: to - from })

  const stages: Record<string, number> = {}
  const add = (name: string, ms: number) => (stages[name] = (stages[name] ?? 0) + ms)
  for (const line of sceneLines) {
    for (const stage of line.stages) add(`scene: ${stage.stage}`, stage.ms)
  }
  for (const job of sceneJobs) {
    add(job.id.startsWith('narrate-') ? 'voice-over: job' : 'scene: job (each, summed)', job.ms)
  }
  for (const stage of narration?.stages ?? []) add(`voice-over: ${stage.stage}`, stage.ms)
  const composeStages = compose.stages
  for (const stage of composeStages) {
    add(`compose: ${stage.stage.replace(/ \d+$/, ' (each, summed)')}`, stage.ms)
  }
  const composeAt = (stage: Stage) => composeStart + stage.at
  const encodes = composeStages.filter((stage) => stage.stage.startsWith('encode '))
  const complete = composeStages.find((stage) => stage.stage === 'complete')!
  const encodeFrom = Math.min(...encodes.map(composeAt))
  const encodeTo = Math.max(...encodes.map((stage) => composeAt(stage) + stage.ms))
  const completedAt = composeAt(complete) + complete.ms

  return {
    wallMs: doneAt - clickedAt,
    phases: {
      'request (charge, queue the flow)': span(clickedAt, acceptedAt),
      'first scene job picked up': span(acceptedAt, firstScene),
      'scene jobs and voice-over (first start → last end)': span(firstScene, lastScene),
      'compose picked up after the last scene': span(lastScene, composeStart),
      'compose: before the first encode': span(composeStart, encodeFrom),
      'compose: encodes (beside the audio mix)': span(encodeFrom, encodeTo),
      'compose: after the last encode (join, store, done)': span(encodeTo, completedAt),
      '"done" reaches the page': span(completedAt, doneAt),
    },
    stages,
  }
}

async function main() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const storage = await mkdtemp(join(tmpdir(), 'reelforge-bench-e2e-'))
  const env = productionEnv(
    { port, databaseName: DATABASE, storage },
    { SESSION_DRIVER: 'database' }
  )
  delete env.REDIS_URL

  if (!options['skip-build']) {
    buildForProduction(env)
  }
  await recreateDatabase(DATABASE)
  const client = new pg.Client({ ...database, database: DATABASE })
  let server: ChildProcess | undefined
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined
  try {
    run(process.execPath, ['ace', 'migration:run', '--force'], BUILD, env)
    run(process.execPath, ['ace', 'plans:seed'], BUILD, env)
    run(process.execPath, ['ace', 'music:seed'], BUILD, env)
    server = spawn(process.execPath, ['bin/server.js'], { cwd: BUILD, env, stdio: 'inherit' })
    worker = await startWorker(env)
    await waitForServer(base, server)
    await client.connect()
    const tools = await mediaTools()
    const {
      rows: [track],
    } = await client.query('select id from music_tracks where file_name = $1', [MUSIC_FILE])

    // A user on the plan that renders each size, with the credits for every run.
    const users = new Map<Quality, string>()
    for (const size of SIZES) {
      const plan = DEFAULT_PLANS.find((candidate) => candidate.renderQuality === size)!
      const email = `e2e-${plan.slug}@reelforge.test`
      const cookie = await signIn(base, env, email)
      await client.query(
        'update billing_accounts set plan = $1 from users where users.id = billing_accounts.user_id and users.email = $2',
        [plan.slug, email]
      )
      run(process.execPath, ['ace', 'credits:grant', email, String(RUNS * 30)], BUILD, env)
      users.set(size, cookie)
    }

    const results = new Map<Quality, Breakdown[]>(SIZES.map((size) => [size, []]))
    for (let round = 0; round < RUNS; round++) {
      for (const size of SIZES) {
        const cookie = users.get(size)!
        const call = apiClient(base, cookie)
        const project = await call('POST', '/api/projects', {
          script: VOICE_OVER,
          style: 'cinematic',
          voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
          music: { id: track.id, mode: 'track' },
          aspect_ratio: '9:16',
          target_seconds: 30,
          generation_mode: 'text-to-video',
        })
        const channel = await followChannel(base, cookie, project.id)
        let doneAt: number
        const nodeCpu = () => cpuSeconds(worker!.process.pid!, 'own') + cpuSeconds(server!.pid!)
        const ffmpegCpu = () => cpuSeconds(worker!.process.pid!, 'children')
        const [nodeBefore, ffmpegBefore] = [nodeCpu(), ffmpegCpu()]
        const clickedAt = Date.now()
        try {
          await call('POST', `/api/projects/${project.id}/generate-all`)
          const acceptedAt = Date.now()
          const status = await call('GET', `/api/video/status/${project.id}`)
          const estimateMs = status.estimate ? status.estimate.totalSeconds * 1000 : null
          doneAt = await within(
            channel.ended,
            RUN_TIMEOUT_MS,
            `project ${project.id} was not done after ${RUN_TIMEOUT_MS} ms`
          )
          // The compose job's lines are written as it ends, just after announcing `done`.
          const composeId = `compose-${project.id}-`
          for (let wait = 0; wait < 100; wait++) {
            if (worker.lines.some((line) => String(line.id).startsWith(composeId))) break
            await sleep(100)
          }
          const [nodeCpuSeconds, ffmpegCpuSeconds] = [
            nodeCpu() - nodeBefore,
            ffmpegCpu() - ffmpegBefore,
          ]
          const {
            rows: [row],
          } = await client.query(
            'select output_video_key, resolution from projects where id = $1',
            [project.id]
          )
          const frame = resolutionFor('9:16', size)
          if (row.resolution !== `${frame.width}x${frame.height}`) {
            throw new Error(`a ${size} run made a ${row.resolution} video`)
          }
          const floorCpuBefore = cpuSeconds()
          const floorMs = await reencodeFloor(
            tools.ffmpeg,
            join(storage, row.output_video_key),
            join(storage, 'floor.mp4')
          )
          const breakdown = {
            ...breakdownOf(worker.lines, project.id, clickedAt, acceptedAt, doneAt),
            floorMs,
            estimateMs,
            nodeCpuSeconds,
            ffmpegCpuSeconds,
            floorCpuSeconds: cpuSeconds() - floorCpuBefore,
          }
          results.get(size)!.push(breakdown)
          const dropped = channel.reconnects()
          console.log(
            `  ${size} run ${round + 1}: click → done ${seconds(breakdown.wallMs)} s, ` +
              `floor ${seconds(floorMs)} s, ratio ${(breakdown.wallMs / floorMs).toFixed(2)}, ` +
              `estimate ${estimateMs === null ? '-' : seconds(estimateMs)} s` +
              (dropped ? ` (the live channel dropped ${dropped} time(s): done may be late)` : '')
          )
        } finally {
          channel.close()
        }
      }
    }
    report(results)
    if (options.log) {
      const timed = worker.lines.filter((line) => /^(job ran|\w+ stages)$/.test(line.msg))
      await writeFile(options.log, timed.map((line) => JSON.stringify(line)).join('\n') + '\n')
    }
  } finally {
    await client.end().catch(() => {})
    if (worker) await stop(worker.process)
    if (server) await stop(server)
    await dropDatabase(DATABASE)
    await rm(storage, { recursive: true, force: true })
  }
}

function report(results: Map<Quality, Breakdown[]>) {
  const load = loadavg()
    .map((figure) => figure.toFixed(2))
    .join(', ')
  console.log(
    `\nEnd to end: click → "done" on the page, medians of ${RUNS} run(s) per size ` +
      `(production build, one worker, PostgreSQL queue, ${process.version}; load average ${load}); ` +
      'CPU = user + system of the worker and the web server (node), of their ffmpeg children, ' +
      "against the floor's (steadier on a busy machine)\n"
  )
  const summary = [
    [
      'size',
      'click → done',
      'floor (re-encode)',
      'ratio',
      'bar',
      'CPU node + ffmpeg / floor',
      'estimate',
      'estimate ± %',
    ],
  ]
  for (const [size, runs] of results) {
    const wall = median(runs.map((sample) => sample.wallMs))
    const floor = median(runs.map((sample) => sample.floorMs))
    const ratio = median(runs.map((sample) => sample.wallMs / sample.floorMs))
    const estimates = runs.flatMap((sample) => (sample.estimateMs === null ? [] : [sample]))
    const estimate = estimates.length ? median(estimates.map((sample) => sample.estimateMs!)) : null
    const off = estimates.length
      ? median(estimates.map((sample) => (sample.estimateMs! / sample.wallMs - 1) * 100))
      : null
    summary.push([
      size,
      `${seconds(wall)} s`,
      `${seconds(floor)} s`,
      ratio.toFixed(2),
      `${ratio <= BARS[size] ? 'met' : 'NOT met'} (≤ ${BARS[size]})`,
      `${median(runs.map((sample) => sample.nodeCpuSeconds)).toFixed(1)} + ` +
        `${median(runs.map((sample) => sample.ffmpegCpuSeconds)).toFixed(1)} / ` +
        `${median(runs.map((sample) => sample.floorCpuSeconds)).toFixed(1)} s`,
      estimate === null ? '-' : `${seconds(estimate)} s`,
      off === null
        ? '-'
        : `${off >= 0 ? '+' : ''}${off.toFixed(0)} %${Math.abs(off) > 30 ? ' (off)' : ''}`,
    ])
  }
  console.log(table(summary))

  for (const [size, runs] of results) {
    const wall = median(runs.map((sample) => sample.wallMs))
    console.log(`\n${size}: where the ${seconds(wall)} s went (medians; at = after the click)\n`)
    const phases = Object.keys(runs[0].phases).map((name) => {
      const at = median(runs.map((sample) => sample.phases[name].at))
      const ms = median(runs.map((sample) => sample.phases[name].ms))
      return [name, `${seconds(at)} s`, `${seconds(ms)} s`, `${((100 * ms) / wall).toFixed(0)} %`]
    })
    console.log(table([['phase', 'at', 'took', 'of wall'], ...phases]))
    const names = [...new Set(runs.flatMap((sample) => Object.keys(sample.stages)))].sort()
    const stages = names.map((name) => [
      name,
      `${seconds(median(runs.map((sample) => sample.stages[name] ?? 0)))} s`,
    ])
    console.log(`\n${table([['stage inside the jobs (may overlap)', 'took'], ...stages])}`)
  }
}

await main()
