import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { Device, useSessionStore } from '#tests/helpers/sessions'

const ROUNDS = 40

async function storedSessions() {
  const [{ count }] = await db.from('sessions').count('* as count')
  return Number(count)
}

/** A plain request with no cookie, as a load balancer, a crawler or a program sends it. */
async function cookieless(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
    method,
    headers,
    redirect: 'manual',
  })
  await response.arrayBuffer()
  return response
}

test.group('Sessions: only a request that needs one creates one', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('health checks, unknown paths, refusals, token calls and media fetches store no session', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const owner = await createAgencyAccount('token-caller@example.com')
    const token = await createApiToken(owner)
    await drive.use().put('session-rows/still.jpg', Buffer.from('not really a jpeg'))
    const media = await drive.use().getSignedUrl('session-rows/still.jpg')
    cleanup(() => drive.use().delete('session-rows/still.jpg'))
    const before = await storedSessions()

    const statuses = new Set<string>()
    for (let round = 0; round < ROUNDS; round++) {
      const requests: [string, string, Record<string, string>?][] = [
        ['GET', '/health'],
        ['GET', `/no-such-page-${round}`],
        ['GET', '/api/me'],
        ['GET', '/api/me', { authorization: `Bearer ${token}` }],
        ['GET', '/api/me', { authorization: 'Bearer oat_not-a-token' }],
        ['POST', '/api/projects', { accept: 'application/json' }],
        ['GET', media],
      ]
      for (const [index, [method, path, headers]] of requests.entries()) {
        const answer = await cookieless(method, path, headers)
        statuses.add(`${index}:${answer.status}`)
        assert.notMatch(answer.headers.get('set-cookie') ?? '', /reelforge-session=|XSRF-TOKEN=/)
      }
    }

    assert.sameMembers(
      [...statuses],
      ['0:200', '1:404', '2:401', '3:200', '4:401', '5:403', '6:200']
    )
    assert.equal(await storedSessions(), before)
  })

  test('a browser still gets a session from the sign-in page and signs in with it', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const before = await storedSessions()
    const device = new Device()

    await device.signIn('still-signs-in@example.com')

    assert.equal(await device.me(), 200)
    assert.equal(await storedSessions(), before + 1)
  })
})
