import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import app from '@adonisjs/core/services/app'
import { until } from '#tests/helpers/wait'

/**
 * What a shell on this machine passes on; everything the app reads is set
 * below, so the test run's own settings (its database, NODE_ENV=test) stay out.
 */
const SHELL = ['PATH', 'HOME', 'USER', 'LANG', 'TMPDIR', 'TERM', 'TZ'] as const

/**
 * Settings a developer's .env may hold that would point the app elsewhere;
 * empty counts as unset, and the process environment beats .env.
 */
const UNSET = Object.fromEntries(
  [
    'DATABASE_URL',
    'DB_HOST',
    'DB_PORT',
    'DB_USER',
    'DB_PASSWORD',
    'DB_DATABASE',
    'REDIS_URL',
    'SMTP_HOST',
    'TURNSTILE_SITE_KEY',
    'TURNSTILE_SECRET_KEY',
    'STRIPE_SECRET_KEY',
    'TRUSTED_PROXIES',
    'APP_URL',
    'DRIVE_DISK',
  ].map((name) => [name, ''])
)

export function freePort(): Promise<number> {
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
 * This machine's first address that is not loopback: a request sent to it
 * arrives from it, as from another host on the network.
 */
export function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)
  if (!address) {
    throw new Error('this test needs a network interface other than loopback')
  }
  return address.address
}

/**
 * `npm run dev` as a person runs it (bin/dev.ts: embedded PostgreSQL,
 * migrations, music seed, web server with Vite, queue worker), listening on
 * every interface, with its database and files in a folder of its own under
 * tmp/ so that a developer's own `npm run dev` is left alone.
 */
export class DevApp {
  readonly env: NodeJS.ProcessEnv
  output = ''
  #process?: ChildProcess

  private constructor(
    readonly port: number,
    readonly dir: string
  ) {
    this.env = {
      ...Object.fromEntries(
        SHELL.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))
      ),
      ...UNSET,
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: String(port),
      LOG_LEVEL: 'info',
      APP_KEY: randomBytes(24).toString('base64url'),
      EMBEDDED_POSTGRES_DIR: join(dir, 'embedded-postgres'),
      DRIVE_FS_ROOT: join(dir, 'storage'),
      AI_DRIVER: 'local',
    }
  }

  /** The folder's path as a URL path under the app root: what Vite would map it to. */
  get urlPath() {
    return `/${this.dir.slice(app.makePath().length).replace(/^\/+/, '')}`
  }

  /**
   * `folder` (under tmp/) holds its database and files; a later DevApp on the
   * same folder starts faster (no initdb, the music already stored); `skipSetup` on
   * such a folder starts the tree without codegen, migrations and seeds.
   */
  static async start({ folder = `dev-app-${process.pid}`, skipSetup = false } = {}) {
    const dir = app.makePath('tmp', folder)
    mkdirSync(dir, { recursive: true })
    const devApp = new DevApp(await freePort(), dir)
    if (skipSetup) devApp.env.DEV_SKIP_SETUP = 'true'
    await devApp.#spawn()
    return devApp
  }

  async #spawn() {
    const child = spawn(process.execPath, ['bin/dev.ts'], {
      cwd: app.makePath(),
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#process = child
    child.stdout!.on('data', (chunk) => (this.output += chunk))
    child.stderr!.on('data', (chunk) => (this.output += chunk))
    await until(
      () => this.output.includes('started HTTP server') || child.exitCode !== null,
      240_000,
      () => `npm run dev to start the web server:\n${this.output}`,
      200
    )
    if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${this.output}`)
  }

  /** bin/dev.ts itself. */
  get process(): ChildProcess {
    return this.#process!
  }

  /** The embedded PostgreSQL's postmaster, from its data directory. */
  get databasePid(): number {
    const pidFile = join(this.dir, 'embedded-postgres', 'data', 'postmaster.pid')
    return Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  }

  url(path: string, host = '127.0.0.1') {
    return `http://${host}:${this.port}${path}`
  }

  /**
   * Ctrl+C, as in a terminal; a server that outlives it is stopped by pid so
   * no PostgreSQL is left running. `keepFiles` leaves the folder for the next DevApp.
   */
  async stop({ keepFiles = false } = {}) {
    const child = this.#process
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT')
      const exited = await Promise.race([
        once(child, 'exit').then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 60_000)),
      ])
      if (!exited) child.kill('SIGKILL')
    }
    const pidFile = join(this.dir, 'embedded-postgres', 'data', 'postmaster.pid')
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT')
      } catch {}
    }
    if (!keepFiles) rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * Runs `node ace <args>` the way `npm run ace` does, from a shell that has
 * the dev app's settings but no database configured.
 */
export async function runAce(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['ace.js', ...args], {
    cwd: app.makePath(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const [code] = await once(child, 'exit')
  return { code: code as number, output: stripVTControlCharacters(output) }
}
