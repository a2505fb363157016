import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DevApp, freePort, networkAddress, runAce } from '#tests/helpers/dev_app'

/**
 * A browser's visit to /auth from `host`: then JSON posts with the session
 * and XSRF cookies, as the sign-in form sends them.
 */
async function visit(devApp: DevApp, host = '127.0.0.1') {
  const page = await fetch(devApp.url('/auth', host))
  const cookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.split('=')[1]
  return (path: string, body: object, forwardedFor?: string) =>
    fetch(devApp.url(path, host), {
      method: 'POST',
      headers: {
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        'Content-Type': 'application/json',
        'Accept': 'application/json',
        'Cookie': cookies.join('; '),
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
      body: JSON.stringify(body),
    })
}

/** The Inertia page a server-rendered HTML response shows. */
function inertiaComponent(html: string): string | undefined {
  const page = html.match(/<script data-page="app" type="application\/json">(.*?)<\/script>/s)
  return page ? JSON.parse(page[1]).component : undefined
}

test.group('npm run dev', (group) => {
  let devApp: DevApp
  group.setup(async () => {
    devApp = await DevApp.start()
    return () => devApp.stop()
  })

  test('the web server does not clear the terminal: the DATABASE_URL line stays above it', ({
    assert,
  }) => {
    assert.notInclude(devApp.output, '\x1Bc')
    assert.match(devApp.output, /DATABASE_URL=postgres(ql)?:\/\/[^\n]*\n[\s\S]*started HTTP server/)
  })

  test('an Ace command in a second shell finds the running embedded database by itself', async ({
    assert,
  }) => {
    const { code, output } = await runAce(['auth:link', 'second.shell@example.com'], devApp.env)

    assert.equal(code, 0, output)
    const token = output.match(/\/auth\/callback\?token=([\w-]+)/)?.[1]
    assert.isDefined(token, output)
    const post = await visit(devApp)
    const signIn = await post('/api/auth/verify-link', { token })
    assert.equal(signIn.status, 200)
    assert.deepEqual(await signIn.json(), { isNewUser: true, redirectTo: '/onboarding/plan' })
  })

  test('auth:link in a second shell links to the port the server listens on, not its own PORT', async ({
    assert,
  }) => {
    const shellPort = String(devApp.port === 3333 ? 3334 : 3333)
    const { code, output } = await runAce(['auth:link', 'other.port@example.com'], {
      ...devApp.env,
      PORT: shellPort,
    })

    assert.equal(code, 0, output)
    assert.include(output, `http://localhost:${devApp.port}/auth/callback?token=`)
  })

  test('Vite serves the front end and its dependencies, and no other file: {$self}')
    .with([
      'config/app.ts',
      'start/env.ts',
      'package.json',
      '.env',
      'resources/views/emails/sign_in.edge',
      '{dir}/embedded-postgres/data/pg_hba.conf',
      '{dir}/embedded-postgres/data/postgres.log',
      '{dir}/embedded-postgres/database-url',
      '{dir}/storage/music/chill-lofi-drift.mp3',
    ])
    .run(async ({ assert }, file) => {
      const relative = file.replace('{dir}', devApp.urlPath.slice(1))
      const secret = readFileSync(app.makePath(relative))

      for (const path of [`/${relative}`, `/@fs${app.makePath(relative)}`]) {
        const response = await fetch(devApp.url(path))
        const body = Buffer.from(await response.arrayBuffer())
        assert.oneOf(response.status, [403, 404], path)
        assert.isFalse(body.includes(secret.subarray(0, 64)), `${path} answered the file`)
      }
    })

  test('the pages still load their scripts from Vite', async ({ assert }) => {
    const page = await fetch(devApp.url('/auth'))
    const html = await page.text()
    assert.equal(page.status, 200)

    for (const path of ['/@vite/client', '/inertia/app.tsx', '/@react-refresh']) {
      assert.include(html, path)
      const script = await fetch(devApp.url(path))
      assert.equal(script.status, 200, path)
    }
    // The setup page imports the script plan from app/shared.
    const shared = await fetch(devApp.url('/app/shared/script_plan.ts'))
    assert.equal(shared.status, 200, '/app/shared/script_plan.ts')
  })

  test('the dev mailbox answers the machine itself', async ({ assert }) => {
    const response = await fetch(devApp.url('/dev/mailbox'))

    assert.equal(response.status, 200)
    assert.equal(inertiaComponent(await response.text()), 'auth/dev_mailbox')
  })

  test('the dev mailbox does not exist for {client}')
    .with([
      { client: 'another host on the network', network: true, forwardedFor: undefined },
      {
        client: 'a remote client behind a local proxy',
        network: false,
        forwardedFor: '203.0.113.9',
      },
      { client: 'another host claiming to be local', network: true, forwardedFor: '127.0.0.1' },
    ])
    .run(async ({ assert }, { network, forwardedFor }) => {
      const host = network ? networkAddress() : '127.0.0.1'
      const response = await fetch(devApp.url('/dev/mailbox', host), {
        headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
      })

      assert.equal(response.status, 404)
      assert.equal(inertiaComponent(await response.text()), 'core/not_found')
    })

  test('a client that is no trusted proxy cannot pick its IP: the per-IP send limit holds', async ({
    assert,
  }) => {
    const host = networkAddress()
    const post = await visit(devApp, host)
    const statuses: number[] = []
    for (let i = 0; i <= 20; i++) {
      const email = `forged${i}@example.com`
      const response = await post('/api/auth/magic-link', { email }, `198.51.100.${i}`)
      statuses.push(response.status)
    }

    assert.deepEqual(statuses, [...Array(20).fill(200), 429])
  })
})

test.group('Ace with no database', () => {
  test('says what to do in one line', async ({ assert }) => {
    const closedPort = await freePort()
    const { code, output } = await runAce(['auth:link', 'nobody@example.com'], {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '3333',
      LOG_LEVEL: 'info',
      APP_KEY: 'a-key-for-this-test-only-0123456789',
      EMBEDDED_POSTGRES_DIR: app.makePath('tmp', `no-dev-app-${process.pid}`),
      DATABASE_URL: '',
      DB_HOST: '',
      DB_PORT: String(closedPort),
    })

    assert.equal(code, 1)
    assert.deepEqual(output.trim().split('\n'), [
      `[ error ] No database reachable at 127.0.0.1:${closedPort}/reelforge (connect ECONNREFUSED 127.0.0.1:${closedPort}): start \`npm run dev\` in another shell, or set DATABASE_URL.`,
    ])
  })
})
