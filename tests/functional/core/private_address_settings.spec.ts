import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import app from '@adonisjs/core/services/app'

/**
 * PICTURE_FETCH_PRIVATE=allow lets "import from URL" reach loopback and
 * private addresses, and WEBHOOK_PRIVATE_TARGETS=allow lets webhooks be
 * delivered there, for tests only (start/env.ts): a production process must
 * not start with either.
 */

/** Boots the app (`node ace list`) with these variables and nothing else. */
function boot(variables: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['ace.js', 'list'],
      {
        cwd: app.makePath(),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NO_COLOR: '1',
          PORT: '3399',
          HOST: '127.0.0.1',
          APP_KEY: 'boot-check-key-not-secret-0123456789',
          LOG_LEVEL: 'error',
          ...variables,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: `${stdout}${stderr}` })
      }
    )
  })
}

test.group('PICTURE_FETCH_PRIVATE', () => {
  test('the app refuses to boot with PICTURE_FETCH_PRIVATE=allow in production, and says why', async ({
    assert,
  }) => {
    const [production, productionWithout, development, misspelt] = await Promise.all([
      boot({ NODE_ENV: 'production', PICTURE_FETCH_PRIVATE: 'allow' }),
      boot({ NODE_ENV: 'production' }),
      boot({ NODE_ENV: 'development', PICTURE_FETCH_PRIVATE: 'allow' }),
      boot({ NODE_ENV: 'development', PICTURE_FETCH_PRIVATE: 'yes' }),
    ])

    assert.notEqual(production.code, 0)
    assert.include(
      production.output,
      'PICTURE_FETCH_PRIVATE=allow lets any user make the server fetch from its own network; it is for tests and cannot be set in production'
    )
    assert.equal(productionWithout.code, 0, productionWithout.output)
    assert.equal(development.code, 0, development.output)
    assert.notEqual(misspelt.code, 0)
    assert.include(misspelt.output, 'PICTURE_FETCH_PRIVATE')
  }).timeout(60_000)
})

test.group('WEBHOOK_PRIVATE_TARGETS', () => {
  test('the app refuses to boot with WEBHOOK_PRIVATE_TARGETS=allow in production, and says why', async ({
    assert,
  }) => {
    const [production, development, misspelt] = await Promise.all([
      boot({ NODE_ENV: 'production', WEBHOOK_PRIVATE_TARGETS: 'allow' }),
      boot({ NODE_ENV: 'development', WEBHOOK_PRIVATE_TARGETS: 'allow' }),
      boot({ NODE_ENV: 'development', WEBHOOK_PRIVATE_TARGETS: 'true' }),
    ])

    assert.notEqual(production.code, 0)
    assert.include(
      production.output,
      'WEBHOOK_PRIVATE_TARGETS=allow lets any API customer make the server post to its own network; it is for tests and cannot be set in production'
    )
    assert.equal(development.code, 0, development.output)
    assert.notEqual(misspelt.code, 0)
    assert.include(misspelt.output, 'WEBHOOK_PRIVATE_TARGETS')
  }).timeout(60_000)
})
