import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createAccount, fakeMail, lastSignInMail } from '#tests/helpers/auth'
import type { ApiClient } from '@japa/api-client'

async function requestLink(client: ApiClient, email: string) {
  const response = await client.post('/api/auth/magic-link').json({ email }).withCsrfToken()
  response.assertStatus(200)
}

async function ledgerOf(email: string) {
  return db
    .from('credit_ledger')
    .join('users', 'users.id', 'credit_ledger.user_id')
    .where('users.email', email)
    .select('credit_ledger.amount', 'credit_ledger.reason', 'credit_ledger.balance_after')
}

test.group('Sign-in: verifying a link or a code', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a link creates the account with the free plan credits, once, and starts a session', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'fresh@example.com')
    const { token } = lastSignInMail(mails)

    const response = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()

    response.assertStatus(200)
    response.assertBody({ isNewUser: true, redirectTo: '/onboarding/plan' })
    const user = await db.from('users').where('email', 'fresh@example.com').firstOrFail()
    const freePlan = await db.from('plans').where('slug', 'free').firstOrFail()
    const account = await db.from('billing_accounts').where('user_id', user.id).firstOrFail()
    assert.equal(account.credits, freePlan.credits)
    assert.equal(account.credits, 10)
    assert.equal(user.username, 'fresh')
    assert.deepEqual(await ledgerOf('fresh@example.com'), [
      { amount: 10, reason: 'signup', balance_after: 10 },
    ])

    assert.equal(response.session().auth_web, user.id)
  })

  test('a link works once: replaying it fails and changes nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'replay@example.com')
    const { token } = lastSignInMail(mails)

    const first = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()
    const replay = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()

    first.assertStatus(200)
    replay.assertStatus(401)
    replay.assertBody({ message: 'Authentication failed' })
    assert.lengthOf(await ledgerOf('replay@example.com'), 1)
  })

  test('an expired or unknown link fails and creates nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'late@example.com')
    const { token } = lastSignInMail(mails)
    await db
      .from('sign_in_challenges')
      .where('email', 'late@example.com')
      .update({
        expires_at: new Date(Date.now() - 1000),
      })

    const expired = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()
    const unknown = await client
      .post('/api/auth/verify-link')
      .json({ token: 'x'.repeat(43) })
      .withCsrfToken()
    const malformed = await client.post('/api/auth/verify-link').json({ token: 42 }).withCsrfToken()

    expired.assertStatus(401)
    unknown.assertStatus(401)
    malformed.assertStatus(422)
    malformed.assertBodyContains({ message: 'Authentication failed' })
    assert.isNull(await db.from('users').where('email', 'late@example.com').first())
  })

  test('a new request voids the previous link and code', async ({ client, cleanup }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'twice@example.com')
    const first = lastSignInMail(mails)
    await db.from('rate_limits').delete()
    await requestLink(client, 'twice@example.com')
    const second = lastSignInMail(mails)

    const oldLink = await client
      .post('/api/auth/verify-link')
      .json({ token: first.token })
      .withCsrfToken()
    const oldCode = await client
      .post('/api/auth/verify-code')
      .json({ email: 'twice@example.com', code: first.code })
      .withCsrfToken()
    const newLink = await client
      .post('/api/auth/verify-link')
      .json({ token: second.token })
      .withCsrfToken()

    oldLink.assertStatus(401)
    oldCode.assertStatus(first.code === second.code ? 200 : 422)
    newLink.assertStatus(first.code === second.code ? 401 : 200)
  })

  test('a returning account signs in without a second signup grant', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await createAccount('back@example.com')
    await requestLink(client, 'back@example.com')

    const response = await client
      .post('/api/auth/verify-link')
      .json({ token: lastSignInMail(mails).token })
      .withCsrfToken()

    response.assertBody({ isNewUser: false, redirectTo: '/' })
    assert.deepEqual(await ledgerOf('back@example.com'), [
      { amount: 10, reason: 'signup', balance_after: 10 },
    ])
  })

  test('the 6-digit code signs in; a wrong one answers Invalid code', async ({
    client,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'code@example.com')
    const { code } = lastSignInMail(mails)
    const wrong = code === '000000' ? '000001' : '000000'

    const bad = await client
      .post('/api/auth/verify-code')
      .json({ email: 'code@example.com', code: wrong })
      .withCsrfToken()
    const notDigits = await client
      .post('/api/auth/verify-code')
      .json({ email: 'code@example.com', code: 'abcdef' })
      .withCsrfToken()
    const good = await client
      .post('/api/auth/verify-code')
      .json({ email: 'code@example.com', code })
      .withCsrfToken()

    bad.assertStatus(422)
    bad.assertBody({ message: 'Invalid code' })
    notDigits.assertStatus(422)
    notDigits.assertBodyContains({ message: 'Invalid code' })
    good.assertStatus(200)
    good.assertBody({ isNewUser: true, redirectTo: '/onboarding/plan' })
  })

  test('five wrong codes void the code', async ({ client, assert, cleanup }) => {
    const mails = fakeMail(cleanup)
    await requestLink(client, 'brute@example.com')
    const { code, token } = lastSignInMail(mails)
    const wrong = code === '999999' ? '999998' : '999999'

    for (let i = 0; i < 5; i++) {
      const response = await client
        .post('/api/auth/verify-code')
        .json({ email: 'brute@example.com', code: wrong })
        .withCsrfToken()
      response.assertStatus(422)
    }
    const right = await client
      .post('/api/auth/verify-code')
      .json({ email: 'brute@example.com', code })
      .withCsrfToken()
    const link = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()

    right.assertStatus(422)
    link.assertStatus(401)
    assert.isNull(await db.from('users').where('email', 'brute@example.com').first())
  })

  test('code checks are limited to ten per 15 minutes per address', async ({ client, cleanup }) => {
    fakeMail(cleanup)

    for (let i = 0; i < 10; i++) {
      const response = await client
        .post('/api/auth/verify-code')
        .json({ email: 'lim@example.com', code: '123456' })
        .withCsrfToken()
      response.assertStatus(422)
    }
    const over = await client
      .post('/api/auth/verify-code')
      .json({ email: 'lim@example.com', code: '123456' })
      .withCsrfToken()

    over.assertStatus(429)
    over.assertBody({ message: 'Too many requests. Please wait a moment before trying again.' })
  })
})
