/*
|--------------------------------------------------------------------------
| First boot: `npm run bench:first-boot [-- --keep]`
|--------------------------------------------------------------------------
|
| A newcomer's first minutes, timed: `git clone` of this checkout's HEAD
| into a temporary folder, then the README's Quick start as written
| (`npm install && npm run dev`, with no DATABASE_URL, REDIS_URL or keys in
| the environment), then Chromium signs up through the dev mailbox, picks
| Free, writes a two-scene script and generates until the player holds the
| MP4. Every line `npm run dev` prints is timestamped as it arrives, so the
| table shows where the first boot goes: install, the embedded PostgreSQL,
| each setup step (codegen, migrations, seeds), the web server, /health,
| then sign-up and the first video. Targets: clone → /health ≤ 120 s,
| clone → first MP4 ≤ 180 s.
|
| The npm cache is whatever this machine has (say which in a report: a
| first install anywhere also downloads about 300 MB). A timed fresh clone
| is a benchmark, not a test: it depends on the network and the machine.
|
*/
import { spawn, spawnSync } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'
import { freePort, ROOT } from './bench_support.ts'

const { values: options } = parseArgs({ options: { keep: { type: 'boolean', default: false } } })

/** Twenty words: two 5-second scenes, the 10 credits a new account gets. */
const SCRIPT =
  'A tram climbs the narrow street at dawn. Gulls circle the harbour while the first boats leave for the open sea.'

const started = performance.now()
const marks: Array<{ what: string; at: number }> = []
const seconds = (ms: number) => (ms / 1000).toFixed(1)
function mark(what: string) {
  marks.push({ what, at: performance.now() - started })
  console.log(`${seconds(performance.now() - started).padStart(6)} s  ${what}`)
}

/** The environment a newcomer's shell has: none of this project's settings. */
function bareEnvironment(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(DATABASE_URL|DB_|REDIS_|NODE_ENV|PORT|HOST|npm_)/.test(name)) continue
    env[name] = value
  }
  return { ...env, PORT: String(port) }
}

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr.toString('utf8')}`)
  }
}

async function waitForHealth(base: string, dev: ReturnType<typeof spawn>) {
  while (dev.exitCode === null) {
    const answer = await fetch(`${base}/health`).catch(() => null)
    if (answer?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`npm run dev exited (${dev.exitCode}) before /health answered`)
}

async function firstVideo(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
    page.setDefaultTimeout(120_000)
    await page.goto(`${base}/auth?mode=signup`)
    await page.getByLabel('Email').fill('first.boot@example.com')
    await page.getByRole('button', { name: 'Sign up with magic link' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    await page.goto(`${base}/dev/mailbox`)
    const link = await page
      .getByRole('link', { name: 'Open sign-in link' })
      .first()
      .getAttribute('href')
    await page.goto(link!)
    await page.getByText('Continue with Free (10 credits)').click()
    await page.waitForURL('**/setup')
    mark('signed up, on /setup')
    await page.locator('textarea#script').fill(SCRIPT)
    await page.getByRole('button', { name: 'Continue to Storyboard' }).click()
    await page.waitForURL(/\/storyboard\/\d+$/)
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    mark('Generate Final Video clicked')
    await page.waitForURL(/\/player\/\d+$/)
    await page.waitForFunction(() => {
      const video = document.querySelector('video')
      return video !== null && video.readyState >= 1 && video.duration > 0
    })
  } finally {
    await browser.close()
  }
}

const folder = await mkdtemp(join(tmpdir(), 'reelforge-first-boot-'))
// A checkout others can enter, as a clone in a home folder is (README: the embedded PostgreSQL as root).
await chmod(folder, 0o755)
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const env = bareEnvironment(port)
let dev: ReturnType<typeof spawn> | undefined
try {
  console.log(`fresh clone of ${ROOT} in ${folder}, npm run dev on port ${port}\n`)
  timed('git', ['clone', '--quiet', ROOT, folder], tmpdir(), env)
  mark('git clone')
  timed('npm', ['install', '--no-audit', '--no-fund'], folder, env)
  mark('npm install')
  dev = spawn('npm', ['run', 'dev'], { cwd: folder, env, detached: true })
  for (const stream of [dev.stdout!, dev.stderr!]) {
    let pending = ''
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8')
      const lines = pending.split('\n')
      pending = lines.pop()!
      for (const line of lines) {
        // eslint-disable-next-line no-control-regex -- the dev script colours its prefix
        const plain = line.replace(/\x1b\[[0-9;]*m/g, '')
        if (plain.startsWith('[dev]')) mark(plain)
      }
    })
  }
  await waitForHealth(base, dev)
  mark('/health answers 200')
  await firstVideo(base)
  mark('first MP4 plays on /player')

  const at = (what: string) => marks.find((one) => one.what.startsWith(what))?.at ?? Number.NaN
  console.log(
    `\nclone → /health ${seconds(at('/health'))} s (target ≤ 120 s) · ` +
      `clone → first MP4 ${seconds(at('first MP4'))} s (target ≤ 180 s) · ` +
      `Generate → player ${seconds(at('first MP4') - at('Generate'))} s`
  )
} finally {
  if (dev?.pid && dev.exitCode === null) {
    process.kill(-dev.pid, 'SIGINT')
    await new Promise((resolve) => dev!.once('exit', resolve))
  }
  if (!options.keep) await rm(folder, { recursive: true, force: true })
}
