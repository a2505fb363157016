/*
|--------------------------------------------------------------------------
| What the benchmarks share (bin/bench.ts, bin/bench_scale.ts,
| bin/bench_render.ts, bin/bench_e2e.ts)
|--------------------------------------------------------------------------
|
| The production build and its database on the local PostgreSQL, the built
| server started and signed in to the way a user does; the re-encode floor
| a render is judged against, and the figures' medians and tables.
|
*/
import { spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import { runProcess } from '#media/ffmpeg/process'
import { AAC_OUTPUT, H264_OUTPUT, H264_PIXELS } from '#media/render/types'

/** Six 5-second scenes of narration (72 words): the video both render benchmarks make. */
export const VOICE_OVER =
  'Every night for forty years, the old keeper climbed the spiral stairs of the lighthouse. ' +
  'He never missed an evening, not even when winter storms tore the shutters from the windows. ' +
  'Sailors across the bay trusted his lamp more than their own charts. ' +
  'Then one night the great light flickered and died. ' +
  'He lit candles, hundreds of them, one after another, until the whole tower glowed again ' +
  'and every ship came home.'

export const ROOT = join(import.meta.dirname, '..')
export const BUILD = join(ROOT, 'build')
export const database = {
  host: process.env.DB_HOST ?? '127.0.0.1',
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USER ?? 'postgres',
  password: process.env.DB_PASSWORD,
}

export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env
) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] })
  if (result.status !== 0) {
    process.stdout.write(result.stdout)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`)
  }
  return result.stdout.toString('utf8')
}

/**
 * `npm run build`: the route registry the front end's route table reads is
 * generated first (a fresh clone has none), then the server and the assets.
 */
export function buildForProduction(env: NodeJS.ProcessEnv) {
  console.log('building for production (npm run build)…')
  run(process.execPath, ['ace', 'codegen'], ROOT, { ...env, NODE_ENV: 'test' })
  run(process.execPath, ['ace', 'build'], ROOT, env)
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function recreateDatabase(name: string) {
  const admin = new pg.Client({ ...database, database: 'postgres' })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
}

export async function dropDatabase(name: string) {
  const admin = new pg.Client({ ...database, database: 'postgres' })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}

export async function waitForServer(base: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error('the built server exited while starting')
    try {
      // Any answer means it listens; the health check's own verdict is not ours to wait for.
      await fetch(`${base}/health`)
      return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the built server did not answer within 20 s')
}

/** The cookie jar after a response: each Set-Cookie's name=value replaces the old one. */
function remember(jar: Map<string, string>, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';')
    const index = pair.indexOf('=')
    jar.set(pair.slice(0, index), pair.slice(index + 1))
  }
}

function cookieHeader(jar: Map<string, string>) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** Signs in the way a user does: a one-time link from `auth:link`, verified with the CSRF token. */
export async function signIn(base: string, env: NodeJS.ProcessEnv, email: string) {
  const output = run(process.execPath, ['ace', 'auth:link', email], BUILD, env)
  const token = new URL(/https?:\/\/\S+/.exec(output)![0]).searchParams.get('token')!
  const jar = new Map<string, string>()
  remember(jar, await fetch(`${base}/auth`))
  const verify = await fetch(`${base}/api/auth/verify-link`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept': 'application/json',
      'Cookie': cookieHeader(jar),
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ token }),
  })
  if (!verify.ok) throw new Error(`sign-in failed: ${verify.status} ${await verify.text()}`)
  remember(jar, verify)
  return cookieHeader(jar)
}

/** A JSON call as a signed-in user, with the XSRF token the cookie carries; throws on a refusal. */
export function apiClient(base: string, cookie: string) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '')
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
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
    // A user may create 10 projects a minute: benches that follow each other faster wait it out.
    if (response.status === 429) {
      const wait = Number(response.headers.get('Retry-After') ?? 5)
      await new Promise((resolve) => setTimeout(resolve, wait * 1000))
      return call(method, path, body)
    }
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    }
    const text = await response.text()
    return text ? JSON.parse(text) : null
  }
  return call
}

/**
 * The floor a render is judged against: ffmpeg re-encoding the finished
 * MP4 with the render's own codec settings, in milliseconds of wall time.
 */
export async function reencodeFloor(ffmpeg: string, input: string, output: string) {
  const started = performance.now()
  await runProcess(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input],
    ...H264_OUTPUT,
    ...H264_PIXELS,
    ...AAC_OUTPUT,
    ...['-movflags', '+faststart', output],
  ])
  return performance.now() - started
}

/**
 * CPU seconds used so far by a process and its finished children, user and
 * system (Linux: /proc/<pid>/stat, in 100 Hz clock ticks): steadier than
 * wall time on a busy machine. `which` picks the process's own or its
 * children's alone.
 */
export function cpuSeconds(
  pid: number | 'self' = 'self',
  which: 'all' | 'own' | 'children' = 'all'
) {
  // utime and stime, then cutime and cstime: the 12th to 15th fields after the command name.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  const [from, to] = { all: [11, 15], own: [11, 13], children: [13, 15] }[which]
  return fields.slice(from, to).reduce((sum, ticks) => sum + Number(ticks), 0) / 100
}

/**
 * `promise`, or an error saying `message` after `ms`. The timer goes with the
 * answer: left pending, it kept the process alive for `ms` after the last
 * table was printed (`npm run bench:e2e` seemed never to exit).
 */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export function seconds(ms: number) {
  return (ms / 1000).toFixed(2)
}

/** A Markdown table, the first row its header. */
export function table(rows: string[][]) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n')
}

/**
 * The environment a bench's production server and workers run with: its own
 * port, database and storage folder, a fresh APP_KEY, never the developer's
 * DATABASE_URL.
 */
export function productionEnv(
  { port, databaseName, storage }: { port: number; databaseName: string; storage: string },
  extra: NodeJS.ProcessEnv = {}
): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${port}`
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
    DB_DATABASE: databaseName,
    DRIVE_FS_ROOT: storage,
    ...extra,
  }
  delete env.DATABASE_URL
  return env
}
