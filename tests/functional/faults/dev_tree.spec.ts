import { rmSync } from 'node:fs'
import { once } from 'node:events'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DevApp, runAce } from '#tests/helpers/dev_app'
import { until } from '#tests/helpers/faults'
import { processTree, survivors, type ProcessEntry } from '#tests/helpers/process_tree'
import { projectBody } from '#tests/helpers/studio'

/** How soon after the kill nothing of the tree may be left: a 5 s grace, then SIGKILL. */
const ALL_GONE_WITHIN_MS = 12_000
const FOLDER = `dev-tree-${process.pid}`
// The first tree migrates and seeds the folder's database; the others start on it as it is.
let prepared = false

const isFfmpeg = (entry: ProcessEntry) => /^\S*\bffmpeg /.test(entry.command)

/** A browser's session on the dev app: cookies kept between requests, XSRF header sent. */
class BrowserSession {
  #cookies = new Map<string, string>()

  constructor(readonly devApp: DevApp) {}

  async request(method: 'GET' | 'POST', path: string, body?: object) {
    const xsrf = this.#cookies.get('XSRF-TOKEN')
    const response = await fetch(this.devApp.url(path), {
      method,
      headers: {
        'Accept': 'application/json',
        'Content-Type': 'application/json',
        'Cookie': [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]
      const equals = pair.indexOf('=')
      this.#cookies.set(pair.slice(0, equals), pair.slice(equals + 1))
    }
    return response
  }
}

/**
 * Signs a new user in (the free plan's 10 credits) and starts the render of a
 * two-scene project on the dev app's own worker.
 */
async function startRender(devApp: DevApp) {
  const email = `dev.tree.${Date.now()}@example.com`
  const link = await runAce(['auth:link', email], devApp.env)
  const token = link.output.match(/\/auth\/callback\?token=([\w-]+)/)?.[1]
  if (!token) throw new Error(`no sign-in link:\n${link.output}`)
  const browser = new BrowserSession(devApp)
  await browser.request('GET', '/auth')
  const signIn = await browser.request('POST', '/api/auth/verify-link', { token })
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`)
  const created = await browser.request('POST', '/api/projects', projectBody())
  const project = (await created.json()) as { id: number }
  const started = await browser.request('POST', `/api/projects/${project.id}/generate-all`)
  if (started.status !== 202) {
    throw new Error(`generate-all: ${started.status} ${await started.text()}`)
  }
}

type Case = {
  what: string
  /** The process killed, found in the tree; the dev process itself when absent. */
  target?: (entry: ProcessEntry) => boolean
  signal: NodeJS.Signals
  render?: boolean
  /** What the dev process (or its guard) says about it. */
  says: RegExp
}

const isWorker = (entry: ProcessEntry) => entry.command.includes('ace.js queue:work')
const isWebServer = (entry: ProcessEntry) => entry.command.includes('ace.js serve')

const cases: Case[] = [
  {
    what: 'the worker is SIGKILLed in the middle of a render',
    target: isWorker,
    signal: 'SIGKILL',
    render: true,
    says: /the queue worker \(pid \d+\) was killed by SIGKILL/,
  },
  {
    what: 'the web server (ace serve) is SIGKILLed',
    target: isWebServer,
    signal: 'SIGKILL',
    says: /the web server \(pid \d+\) was killed by SIGKILL/,
  },
  {
    what: 'the embedded PostgreSQL is SIGKILLed',
    target: (entry) => /\/postgres -D /.test(entry.command),
    signal: 'SIGKILL',
    says: /the embedded PostgreSQL \(pid \d+\) exited/,
  },
  { what: 'npm run dev gets SIGTERM', signal: 'SIGTERM', says: /received SIGTERM/ },
  { what: 'npm run dev is SIGKILLed', signal: 'SIGKILL', says: /npm run dev was killed/ },
]

test.group('Faults: npm run dev lives and dies as one tree', (group) => {
  group.teardown(() => rmSync(app.makePath('tmp', FOLDER), { recursive: true, force: true }))

  test('{what}: nothing of it is left')
    .with(cases)
    .run(async ({ assert, cleanup }, { target, signal, render, says }) => {
      const devApp = await DevApp.start({ folder: FOLDER, skipSetup: prepared })
      cleanup(() => devApp.stop({ keepFiles: true }))
      const dev = devApp.process
      await until(
        async () =>
          devApp.output.includes('queue worker ready') &&
          (await fetch(devApp.url('/health')).then((response) => response.ok)),
        60_000,
        () => `the worker and /health:\n${devApp.output}`
      )
      prepared = true
      // Every process of the tree, the database's included (pg_ctl runs it outside the tree).
      let tree: ProcessEntry[] = []
      const snapshot = () => (tree = processTree([dev.pid!, devApp.databasePid]))
      if (render) {
        await startRender(devApp)
        await until(
          () => snapshot().some(isFfmpeg),
          120_000,
          () => `an ffmpeg under the worker:\n${devApp.output}`
        )
      } else {
        snapshot()
      }
      const victim = tree.find(target ?? ((entry) => entry.pid === dev.pid))!
      const commands = tree.map((entry) => entry.command).join('\n')
      assert.isTrue(tree.some(isWorker), commands)
      assert.isTrue(tree.some(isWebServer), commands)
      assert.isTrue(
        tree.some((entry) => entry.command.includes('bin/server.ts')),
        commands
      )

      process.kill(victim.pid, signal)
      const gone = await until(() => survivors(tree).length === 0, ALL_GONE_WITHIN_MS, '')
        .then(() => true)
        .catch(() => false)
      const left = survivors(tree)
      assert.isTrue(
        gone,
        `left ${ALL_GONE_WITHIN_MS} ms after ${signal} to ${victim.command}:\n` +
          `${left.map((entry) => `${entry.pid} ${entry.state} ${entry.command}`).join('\n')}\n` +
          `output:\n${devApp.output}`
      )
      if (dev.exitCode === null && dev.signalCode === null) await once(dev, 'exit')
      assert.match(devApp.output, says)
    })
    .timeout(300_000)
})
