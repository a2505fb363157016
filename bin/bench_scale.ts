/*
|--------------------------------------------------------------------------
| Scale-out: `npm run bench:scale [-- --projects 8 --concurrency 1 --skip-build --skip-kill]`
|--------------------------------------------------------------------------
|
| The production build on its own database (reelforge_bench_scale) and its
| own redis-server (REDIS_URL: BullMQ on Redis), signed in as a user with
| credits. Each worker stands for one machine: worker i runs pinned to CPU i
| (`taskset -c i`; its ffmpeg children inherit the affinity) with
| RENDER_THREADS=1, so its encodes keep to that one core, and takes one job
| per queue at a time (`queue:work --concurrency 1`). On new projects of
| five scenes each (8 × 5 = 40 scene jobs, plus a compose job per video):
| start N workers, send generate-all for every project and time from the
| first render started to the last video done; N = 1, then N = 2. Prints
| both times, their ratio and, once per worker, the CPUs its ffmpeg may run
| on as /proc reads them. A third run with two workers kills one (SIGKILL to
| its process group) while it renders, halfway through the queue: the other
| drains the queue once BullMQ finds the killed worker's jobs stalled
| (QUEUE_LOCK_MS). After every run, bench_scale_check.ts shows that nothing
| was lost and nothing done twice.
|
| The web server, Redis and PostgreSQL are not workers: with more than two
| cores the web server and Redis run on the cores the workers leave; on two
| they share the workers' cores (PostgreSQL always does), which takes more
| from two busy workers than from one, so the ratio understates the gain.
|
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import {
  BUILD,
  buildForProduction,
  database,
  dropDatabase,
  freePort,
  recreateDatabase,
  run,
  signIn,
  waitForServer,
  apiClient,
  productionEnv,
} from './bench_support.ts'
import { checkRun } from './bench_scale_check.ts'

const { values: options } = parseArgs({
  options: {
    'projects': { type: 'string', default: '8' },
    'concurrency': { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
    'skip-kill': { type: 'boolean', default: false },
  },
})
const PROJECTS = Number(options.projects)
const DATABASE = 'reelforge_bench_scale'
const EMAIL = 'scale@reelforge.test'
const WORKERS = 2
/** Five sentences of about 12 words: five 5-second scenes. */
const SCRIPT = [
  'A lighthouse keeper climbs the spiral stairs at dawn with a lantern.',
  'Gulls circle the harbour while the fishing boats leave the quay.',
  'A tram rattles up the narrow street past the bakery and cafe.',
  'Children run across the beach toward the waves under a pale sun.',
  'At night the lamp turns slowly and lights the path for ships.',
].join(' ')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The CPUs this process may run on, from its Cpus_allowed_list ("0-3", "0,2,4-5"). */
async function allowedCpus() {
  const status = await readFile('/proc/self/status', 'utf8')
  const list = /^Cpus_allowed_list:\s+(.+)$/m.exec(status)?.[1] ?? ''
  return list.split(',').flatMap((range) => {
    const [from, to = from] = range.split('-').map(Number)
    return Array.from({ length: to - from + 1 }, (_, index) => from + index)
  })
}

/**
 * The CPUs the workers run on, one each, and those left over; stops here,
 * saying why, when this machine cannot stand for two machines.
 */
async function requirePinning() {
  const taskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' })
  if (taskset.error || taskset.status !== 0) {
    console.error(
      'bench:scale pins each worker to its own core with `taskset`, which is not installed here ' +
        '(it is in util-linux: apt install util-linux). Unpinned, one worker’s ffmpeg already ' +
        'spreads over every core, and a second worker has nothing left to show.'
    )
    process.exit(1)
  }
  const cpus = await allowedCpus()
  if (cpus.length < WORKERS) {
    console.error(
      `bench:scale needs ${WORKERS} cores, one per worker; this process may use ${cpus.length}.`
    )
    process.exit(1)
  }
  return { workers: cpus.slice(0, WORKERS), spare: cpus.slice(WORKERS) }
}

/** The lines of /proc/<pid>/status this bench reads. */
async function processStatus(pid: number) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => new RegExp(`^${name}:\\s+(.+)$`, 'm').exec(status)?.[1]
    return { cpus: field('Cpus_allowed_list'), threads: field('Threads') }
  } catch {
    // Gone meanwhile.
    return null
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100

/**
 * CPU seconds a process has used, with its children that have exited
 * (a worker's ffmpeg, once reaped); 0 once it is gone.
 */
async function cpuSeconds(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  if (!stat) return 0
  // utime, stime, cutime, cstime: fields 14 to 17, counted after the parenthesised name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS
}

/** The pids of `parent`'s running children called `name` (ffmpeg: spawned without a shell). */
async function childrenNamed(parent: number, name: string) {
  const found: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    // Fields after the command name, which is in parentheses and may hold spaces.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(ppid) === parent && state !== 'Z' && stat.includes(`(${name})`)) {
      found.push(Number(entry))
    }
  }
  return found
}

type Worker = { cpu: number; process: ChildProcess; pid: number; name: string }

/** `queue:work` on one core, in a process group of its own (a kill takes its ffmpeg along). */
async function startWorker(env: NodeJS.ProcessEnv, cpu: number): Promise<Worker> {
  const child = spawn(
    'taskset',
    [
      '-c',
      String(cpu),
      process.execPath,
      'ace.js',
      'queue:work',
      '--concurrency',
      options.concurrency,
    ],
    {
      cwd: BUILD,
      env: { ...env, LOG_LEVEL: 'info', RENDER_THREADS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    }
  )
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  for (let attempt = 0; !output.includes('queue worker ready'); attempt++) {
    if (attempt > 600 || child.exitCode !== null) throw new Error(`queue:work:\n${output}`)
    await sleep(100)
  }
  // taskset runs the worker in its own process: the pid is the worker's (its BullMQ name holds it).
  const pid = child.pid!
  return { cpu, process: child, pid, name: `${hostname()}:${pid}` }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/**
 * Once per worker, a live ffmpeg child's allowed CPUs and threads beside the
 * worker's own, read from /proc while it renders: the pinning, shown.
 */
function watchAffinity(workers: Worker[]) {
  const shown = new Set<number>()
  let running = true
  const done = (async () => {
    while (running && shown.size < workers.length) {
      for (const worker of workers.filter((each) => !shown.has(each.pid))) {
        const [ffmpeg] = await childrenNamed(worker.pid, 'ffmpeg')
        const child = ffmpeg ? await processStatus(ffmpeg) : null
        const own = await processStatus(worker.pid)
        if (!child || !own) continue
        shown.add(worker.pid)
        console.log(
          `  worker on CPU ${worker.cpu} (pid ${worker.pid}, Cpus_allowed_list ${own.cpus}): ` +
            `its ffmpeg pid ${ffmpeg} Cpus_allowed_list ${child.cpus}, ${child.threads} thread(s)`
        )
      }
      await sleep(200)
    }
  })()
  return async () => {
    running = false
    await done
  }
}

type Bench = {
  /** A JSON call as the signed-in user (apiClient). */
  call: ReturnType<typeof apiClient>
  env: NodeJS.ProcessEnv
  db: pg.Client
  queues: { media: Queue; render: Queue }
  storage: string
  userId: number
  /** The web server and Redis: their CPU is counted per run. */
  services: { server: number; redis: number }
}

/** CPU seconds so far of what is not a worker: web server, Redis, this database's backends. */
async function serviceCpu(bench: Bench) {
  const { rows } = await bench.db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()'
  )
  const postgres = new Map<number, number>()
  for (const { pid } of rows) postgres.set(pid, await cpuSeconds(pid))
  return {
    server: await cpuSeconds(bench.services.server),
    redis: await cpuSeconds(bench.services.redis),
    postgres,
  }
}

/**
 * What the run cost each side, in CPU seconds: each worker (booted before
 * the run, so its boot is left out) against the services. A worker pinned
 * to a core of its own that never waits uses about as many CPU seconds as
 * the run lasts; fewer, and it waited (for work, or for a core others held).
 */
async function reportCpu(
  bench: Bench,
  workers: Worker[],
  before: { services: Awaited<ReturnType<typeof serviceCpu>>; workers: number[] },
  seconds: number
) {
  const after = await serviceCpu(bench)
  let postgres = 0
  for (const [pid, used] of after.postgres) {
    postgres += used - (before.services.postgres.get(pid) ?? 0)
  }
  const perWorker = await Promise.all(
    workers.map(async (worker, index) => (await cpuSeconds(worker.pid)) - before.workers[index])
  )
  const { server, redis } = before.services
  console.log(
    `  CPU      ${workers.map((worker, index) => `worker on CPU ${worker.cpu} ${perWorker[index].toFixed(1)} s`).join(', ')} ` +
      `(its ffmpeg included) in ${seconds.toFixed(1)} s; web server ${(after.server - server).toFixed(1)} s, ` +
      `Redis ${(after.redis - redis).toFixed(1)} s, PostgreSQL ${postgres.toFixed(1)} s`
  )
}

type Progress = { done: number; failed: string | null; finished: number; total: number }

/** Read from the rows, one query a poll: the web server is left to the workers' own calls. */
async function progress(db: pg.Client, ids: number[]): Promise<Progress> {
  const { rows } = await db.query<{ done: number; failed: string | null; scenes: number }>(
    `select count(*) filter (where status = 'done')::int as done,
            max(error) filter (where status = 'failed') as failed,
            (select count(*)::int from scenes
              where project_id = any($1) and status = 'completed') as scenes
       from projects where id = any($1)`,
    [ids]
  )
  const [row] = rows
  return {
    done: row.done,
    failed: row.failed,
    finished: row.done + row.scenes,
    total: ids.length * 6,
  }
}

/** What the killed worker was running, by BullMQ job id. */
async function activeJobsOf(bench: Bench, worker: Worker) {
  const active = [
    ...(await bench.queues.media.getActive()),
    ...(await bench.queues.render.getActive()),
  ]
  return active.filter((job) => job.processedBy === worker.name).map((job) => job.id!)
}

/**
 * Seconds from the first render started to the last video done, with
 * `cpus.length` workers; with `kill`, the worker on the last CPU is killed
 * while it renders once half the queue's jobs are done.
 */
async function drain(bench: Bench, cpus: number[], kill = false) {
  const { call, db } = bench
  const ids: number[] = []
  for (let index = 0; index < PROJECTS; index++) {
    const project = await call('POST', '/api/projects', {
      script: SCRIPT,
      style: 'cinematic',
      voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
      aspect_ratio: '9:16',
      target_seconds: 30,
      generation_mode: 'text-to-video',
    })
    ids.push(project.id)
  }
  const workers = await Promise.all(cpus.map((cpu) => startWorker(bench.env, cpu)))
  const stopWatching = watchAffinity(workers)
  const before = {
    services: await serviceCpu(bench),
    workers: await Promise.all(workers.map((worker) => cpuSeconds(worker.pid))),
  }
  let interrupted: string[] = []
  let killedAt: number | undefined
  let killed: Worker | undefined
  let seconds = 0
  try {
    for (const id of ids) await call('POST', `/api/projects/${id}/generate-all`)
    for (;;) {
      const now = await progress(db, ids)
      if (now.failed) throw new Error(`a video failed: ${now.failed}`)
      if (now.done === ids.length) break
      const victim = workers.at(-1)!
      if (kill && killedAt === undefined && now.finished * 2 >= now.total) {
        const [ffmpeg] = await childrenNamed(victim.pid, 'ffmpeg')
        if (ffmpeg) {
          interrupted = await activeJobsOf(bench, victim)
          process.kill(-victim.pid, 'SIGKILL')
          killedAt = Date.now()
          killed = victim
          console.log(
            `  killed the worker on CPU ${victim.cpu} (SIGKILL to its process group) at ` +
              `${now.finished}/${now.total} jobs, while its ffmpeg pid ${ffmpeg} ran; it was running ` +
              `${interrupted.join(', ') || 'no job'}`
          )
        }
      }
      await sleep(kill && killedAt === undefined ? 100 : 500)
    }
    const { rows } = await db.query<{ seconds: number }>(
      `select extract(epoch from max(render_finished_at) - min(render_started_at))::float as seconds
         from projects where id = any($1)`,
      [ids]
    )
    seconds = rows[0].seconds
    // Read before the workers stop: a killed worker's CPU is gone with it.
    if (killedAt === undefined) await reportCpu(bench, workers, before, seconds)
  } finally {
    await stopWatching()
    await Promise.all(workers.map((worker) => stop(worker.process)))
  }

  if (killedAt !== undefined) {
    for (const id of interrupted) {
      const job = (await bench.queues.media.getJob(id)) ?? (await bench.queues.render.getJob(id))
      const waited = job?.processedOn ? ((job.processedOn - killedAt) / 1000).toFixed(1) : '?'
      console.log(`  ${id} started again on ${job?.processedBy} ${waited} s after the kill`)
    }
  }
  const check = await checkRun({ ...bench, projectIds: ids, interrupted })
  for (const line of check.lines) console.log(`  ${line}`)
  // A worker with nothing left to take while another still renders: the tail of the run.
  const end = Math.max(...check.lastFinished.values())
  const idle = workers
    .filter((worker) => worker.pid !== killed?.pid)
    .map((worker) => {
      const last = check.lastFinished.get(worker.name) ?? end
      return `CPU ${worker.cpu} ${((end - last) / 1000).toFixed(1)} s`
    })
  console.log(`  idle     before the last job ended: ${idle.join(', ')}`)
  if (!check.ok) throw new Error('work was lost or done twice: see PROBLEM above')
  return seconds
}

async function main() {
  const cpus = await requirePinning()
  const [port, redisPort] = [await freePort(), await freePort()]
  const base = `http://127.0.0.1:${port}`
  const storage = await mkdtemp(join(tmpdir(), 'reelforge-bench-scale-'))
  const env = productionEnv(
    { port, databaseName: DATABASE, storage },
    {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    }
  )
  // The cores the workers leave, for the web server and Redis; none on a 2-core machine.
  const spare = cpus.spare.join(',')
  const pinned = (command: string, args: string[]): [string, string[]] =>
    spare ? ['taskset', ['-c', spare, command, ...args]] : [command, args]

  if (!options['skip-build']) {
    buildForProduction(env)
  }
  const redis = spawn(
    ...pinned('redis-server', [
      ...['--port', String(redisPort), '--bind', '127.0.0.1'],
      ...['--save', '', '--appendonly', 'no'],
    ]),
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  let redisOutput = ''
  redis.stdout!.on('data', (chunk) => (redisOutput += chunk))
  for (let attempt = 0; !redisOutput.includes('Ready to accept connections'); attempt++) {
    if (attempt > 100 || redis.exitCode !== null) throw new Error(`redis-server:\n${redisOutput}`)
    await sleep(100)
  }
  await recreateDatabase(DATABASE)
  const db = new pg.Client({ ...database, database: DATABASE })
  const connection = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null })
  const queues = {
    media: new Queue('media', { connection }),
    render: new Queue('render', { connection }),
  }
  let server: ChildProcess | undefined
  try {
    run(process.execPath, ['ace', 'migration:run', '--force'], BUILD, env)
    run(process.execPath, ['ace', 'plans:seed'], BUILD, env)
    server = spawn(...pinned(process.execPath, ['bin/server.js']), {
      cwd: BUILD,
      env,
      stdio: 'inherit',
    })
    await waitForServer(base, server)
    const cookie = await signIn(base, env, EMAIL)
    run(process.execPath, ['ace', 'credits:grant', EMAIL, String(PROJECTS * 25 * 3)], BUILD, env)
    await db.connect()
    const { rows } = await db.query<{ id: number }>('select id from users where email = $1', [
      EMAIL,
    ])
    const bench: Bench = {
      call: apiClient(base, cookie),
      env,
      db,
      queues,
      storage,
      userId: rows[0].id,
      services: { server: server.pid!, redis: redis.pid! },
    }

    console.log(
      `\n${PROJECTS * 5} scene jobs + ${PROJECTS} compose jobs on Redis, each worker pinned to ` +
        `one core (taskset), RENDER_THREADS=1, --concurrency ${options.concurrency}; web server ` +
        `and Redis ${spare ? `on CPUs ${spare}` : 'unpinned, sharing the workers’ cores'}`
    )
    const [first, second] = cpus.workers
    console.log(`1 worker, CPU ${first}:`)
    const one = await drain(bench, [first])
    console.log(`2 workers, CPUs ${first} and ${second}:`)
    const two = await drain(bench, cpus.workers)
    if (!options['skip-kill']) {
      console.log(`2 workers, CPUs ${first} and ${second}, one killed halfway:`)
      await drain(bench, cpus.workers, true)
    }
    console.log(
      `\nscale-out: ${PROJECTS * 5} scene jobs + ${PROJECTS} compose jobs on Redis ` +
        `(production build, ${process.version}, one core and one job per queue per worker)`
    )
    console.log(`1 worker : ${one.toFixed(1)} s`)
    console.log(`2 workers: ${two.toFixed(1)} s`)
    console.log(`ratio    : ${(one / two).toFixed(2)}× faster with two`)
  } finally {
    if (server) await stop(server)
    await queues.media.close()
    await queues.render.close()
    connection.disconnect()
    await db.end().catch(() => {})
    await stop(redis)
    await dropDatabase(DATABASE)
    await rm(storage, { recursive: true, force: true })
  }
}

await main()
