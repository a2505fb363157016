import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createAccount } from '#tests/helpers/auth'
import { Device, useSessionStore } from '#tests/helpers/sessions'

const DAY_MS = 24 * 60 * 60 * 1000

/** Signs a new user in on a device; their one stored session's expiry, read and set. */
async function signedInReader(email: string) {
  const user = await createAccount(email)
  const device = new Device()
  await device.signIn(email)
  const stored = () => db.from('sessions').where('user_id', user.id)
  return {
    device,
    expiry: async () => {
      const row = await stored().firstOrFail()
      return new Date(row.expires_at).getTime()
    },
    setExpiry: (at: Date) => stored().update({ expires_at: at }),
  }
}

test.group('Session renewal: one write a day, not one per request', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('reads within the day leave the stored session untouched', async ({ assert, cleanup }) => {
    await useSessionStore('database', cleanup)
    const { device, expiry, setExpiry } = await signedInReader('quiet-reader@example.com')
    const tenDays = new Date(Date.now() + 10 * DAY_MS)
    await setExpiry(tenDays)

    for (const path of ['/api/me', '/api/my-videos', '/api/me']) {
      const response = await device.request('GET', path)
      assert.equal(response.status, 200)
    }

    assert.equal(await expiry(), tenDays.getTime())
  })

  test('the first read a day later renews the stored expiry and the cookie', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const { device, expiry } = await signedInReader('daily-reader@example.com')
    const signedInUntil = await expiry()
    const realNow = Date.now
    Date.now = () => realNow() + 2 * DAY_MS
    cleanup(() => {
      Date.now = realNow
    })

    const response = await device.request('GET', '/api/me')

    assert.equal(response.status, 200)
    assert.isAtLeast(await expiry(), signedInUntil + DAY_MS)
    assert.match(response.headers.get('set-cookie') ?? '', /reelforge-session=/)
  })
})
