/*
|--------------------------------------------------------------------------
| What the benchmarks share (bin/bench.ts, bin/bench_scale.ts)
|--------------------------------------------------------------------------
|
| The production build and its database on the local PostgreSQL, the built
| server started and signed in to the way a user does.
|
*/
import { spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'

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
