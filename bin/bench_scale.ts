/*
|--------------------------------------------------------------------------
| Scale-out: `npm run bench:scale [-- --projects 8 --concurrency 1 --skip-build]`
|--------------------------------------------------------------------------
|
| The production build on its own database (reelforge_bench_scale) and its
| own redis-server (REDIS_URL: BullMQ on Redis), signed in as a user with
| credits. Twice, on new projects of five scenes each (8 × 5 = 40 scene
| jobs, plus a compose job per video): start N `queue:work` processes,
| send generate-all for every project, and time until every video is done;
| N = 1, then N = 2. Prints both times and their ratio. Each worker runs
| one job at a time (QUEUE_CONCURRENCY=1, or `--concurrency`), so a worker
| stands for one machine's share: on a 2-core machine the default of 2 per
| worker already fills both cores with one worker, and a second has no room
| to help.
|
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
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
} from './bench_support.ts'

const { values: options } = parseArgs({
  options: {
    'projects': { type: 'string', default: '8' },
    'concurrency': { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
  },
})
const PROJECTS = Number(options.projects)
const DATABASE = 'reelforge_bench_scale'
const EMAIL = 'scale@reelforge.test'
/** Five sentences of about 12 words: five 5-second scenes. */
const SCRIPT = [
  'A lighthouse keeper climbs the spiral stairs at dawn with a lantern.',
  'Gulls circle the harbour while the fishing boats leave the quay.',
  'A tram rattles up the narrow street past the bakery and cafe.',
  'Children run across the beach toward the waves under a pale sun.',
  'At night the lamp turns slowly and lights the path for ships.',
].join(' ')

async function startRedis(port: number) {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  let output = ''
  redis.stdout!.on('data', (chunk) => (output += chunk))
  for (let attempt = 0; !output.includes('Ready to accept connections'); attempt++) {
    if (attempt > 100 || redis.exitCode !== null) throw new Error(`redis-server:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return redis
}

async function startWorker(env: NodeJS.ProcessEnv) {
  const worker = spawn(process.execPath, ['ace.js', 'queue:work'], {
    cwd: BUILD,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  worker.stdout!.on('data', (chunk) => (output += chunk))
  for (let attempt = 0; !output.includes('queue worker ready'); attempt++) {
    if (attempt > 600 || worker.exitCode !== null) throw new Error(`queue:work:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return worker
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/** A JSON call as the signed-in user, with the XSRF token the cookie carries. */
function api(base: string, cookie: string) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '')
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Accept': 'application/json',
        'Cookie': cookie,
        'X-XSRF-TOKEN': xsrf,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
}

/** Seconds from generate-all on every project to the last video done. */
async function drain(call: ReturnType<typeof api>, workers: number, env: NodeJS.ProcessEnv) {
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
  const processes = await Promise.all(Array.from({ length: workers }, () => startWorker(env)))
  try {
    const started = performance.now()
    for (const id of ids) await call('POST', `/api/projects/${id}/generate-all`)
    const pending = new Set(ids)
    while (pending.size > 0) {
      for (const id of pending) {
        const project = await call('GET', `/api/projects/${id}`)
        if (project.status === 'failed') throw new Error(`project ${id} failed: ${project.error}`)
        if (project.status === 'done') pending.delete(id)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return (performance.now() - started) / 1000
  } finally {
    await Promise.all(processes.map(stop))
  }
}

async function main() {
  const [port, redisPort] = [await freePort(), await freePort()]
  const base = `http://127.0.0.1:${port}`
  const storage = await mkdtemp(join(tmpdir(), 'reelforge-bench-scale-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: base,
    APP_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DB_HOST: database.host,
    DB_PORT: String(database.port),
    DB_USER: database.user,
    DB_DATABASE: DATABASE,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DRIVE_FS_ROOT: storage,
    QUEUE_CONCURRENCY: options.concurrency,
  }
  delete env.DATABASE_URL

  if (!options['skip-build']) {
    buildForProduction(env)
  }
  const redis = await startRedis(redisPort)
  await recreateDatabase(DATABASE)
  let server: ChildProcess | undefined
  try {
    run(process.execPath, ['ace', 'migration:run', '--force'], BUILD, env)
    run(process.execPath, ['ace', 'plans:seed'], BUILD, env)
    server = spawn(process.execPath, ['bin/server.js'], { cwd: BUILD, env, stdio: 'inherit' })
    await waitForServer(base, server)
    const cookie = await signIn(base, env, EMAIL)
    run(process.execPath, ['ace', 'credits:grant', EMAIL, String(PROJECTS * 25 * 2)], BUILD, env)
    const call = api(base, cookie)

    const one = await drain(call, 1, env)
    const two = await drain(call, 2, env)
    console.log(
      `\nscale-out: ${PROJECTS * 5} scene jobs + ${PROJECTS} compose jobs on Redis ` +
        `(production build, ${process.version}, QUEUE_CONCURRENCY ${env.QUEUE_CONCURRENCY} per worker)`
    )
    console.log(`1 worker : ${one.toFixed(1)} s`)
    console.log(`2 workers: ${two.toFixed(1)} s`)
    console.log(`ratio    : ${(one / two).toFixed(2)}× faster with two`)
  } finally {
    if (server) await stop(server)
    await stop(redis)
    await dropDatabase(DATABASE)
    await rm(storage, { recursive: true, force: true })
  }
}

await main()
