import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { createAccount, enableCaptcha, fakeMail, lastSignInMail } from '#tests/helpers/auth'

test.group('Sign-in: requesting a magic link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('emails one message with a callback link and a 6-digit code', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)

    const response = await client
      .post('/api/auth/magic-link')
      .json({ email: '  New.Person@Example.com ', mode: 'sign_up' })
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBody({ message: 'Magic link sent!', email: 'new.person@example.com' })
    mails.assertSentCount(1)
    const mail = lastSignInMail(mails)
    assert.deepEqual(mail.to, ['new.person@example.com'])
    assert.match(mail.link, /\/auth\/callback\?token=[\w-]{43}$/)
    assert.match(mail.code, /^\d{6}$/)
    const challenge = await db
      .from('sign_in_challenges')
      .where('email', 'new.person@example.com')
      .first()
    assert.notInclude(JSON.stringify(challenge), mail.token)
    assert.notInclude(JSON.stringify(challenge), mail.code)
    assert.equal(
      await db
        .from('users')
        .count('* as total')
        .first()
        .then((r) => Number(r.total)),
      0
    )
  })

  test('answers the same for a known and an unknown address', async ({ client, cleanup }) => {
    fakeMail(cleanup)
    await createAccount('known@example.com')

    const known = await client
      .post('/api/auth/magic-link')
      .json({ email: 'known@example.com' })
      .withCsrfToken()
    const unknown = await client
      .post('/api/auth/magic-link')
      .json({ email: 'unknown@example.com' })
      .withCsrfToken()

    known.assertStatus(200)
    unknown.assertStatus(200)
    known.assertBody({ message: 'Magic link sent!', email: 'known@example.com' })
    unknown.assertBody({ message: 'Magic link sent!', email: 'unknown@example.com' })
  })

  test('rejects an invalid email with 422 and sends nothing', async ({ client, cleanup }) => {
    const mails = fakeMail(cleanup)

    for (const email of ['not-an-email', '', 'a'.repeat(250) + '@x.io']) {
      const response = await client.post('/api/auth/magic-link').json({ email }).withCsrfToken()
      response.assertStatus(422)
      response.assertBodyContains({ message: 'Please enter a valid email address.' })
    }
    mails.assertNoneSent()
  })

  test('malformed and oversized bodies get a 4xx, never a 500', async ({
    client,
    assert,
    cleanup,
  }) => {
    fakeMail(cleanup)

    const malformed = await client
      .post('/api/auth/magic-link')
      .unsafeJson('{"email": ')
      .withCsrfToken()
    const oversized = await client
      .post('/api/auth/magic-link')
      .json({ email: 'a@b.co', padding: 'x'.repeat(200_000) })
      .withCsrfToken()
    const wrongTypes = await client
      .post('/api/auth/magic-link')
      .json({ email: ['a@b.co'], captchaToken: { x: 1 } })
      .withCsrfToken()

    for (const response of [malformed, oversized, wrongTypes]) {
      assert.isAtLeast(response.status(), 400)
      assert.isBelow(response.status(), 500)
    }
  })

  test('with captcha on: missing token is 400, a failed one 403, and no mail goes out', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    const turnstile = await enableCaptcha(cleanup)

    const missing = await client
      .post('/api/auth/magic-link')
      .json({ email: 'c@example.com' })
      .withCsrfToken()
    const failed = await client
      .post('/api/auth/magic-link')
      .json({ email: 'c@example.com', captchaToken: 'bad-token' })
      .withCsrfToken()

    missing.assertStatus(400)
    missing.assertBody({ message: 'CAPTCHA required' })
    failed.assertStatus(403)
    failed.assertBody({ message: 'CAPTCHA verification failed. Please try again.' })
    mails.assertNoneSent()
    assert.lengthOf(turnstile.requests, 1)
    assert.equal(turnstile.requests[0].get('response'), 'bad-token')

    const passed = await client
      .post('/api/auth/magic-link')
      .json({ email: 'c@example.com', captchaToken: 'pass-token' })
      .withCsrfToken()
    passed.assertStatus(200)
    mails.assertSentCount(1)
  })

  test('one send per address per minute: the second gets 429 with Retry-After', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)

    const first = await client
      .post('/api/auth/magic-link')
      .json({ email: 'r@example.com' })
      .withCsrfToken()
    const second = await client
      .post('/api/auth/magic-link')
      .json({ email: 'r@example.com' })
      .withCsrfToken()

    first.assertStatus(200)
    second.assertStatus(429)
    second.assertBody({ message: 'Too many requests. Please wait a moment before trying again.' })
    const retryAfter = Number(second.header('retry-after'))
    assert.isAtLeast(retryAfter, 1)
    assert.isAtMost(retryAfter, 60)
    mails.assertSentCount(1)
  })

  test('five sends per address per hour', async ({ client, cleanup }) => {
    const mails = fakeMail(cleanup)
    const perMinute = limiter.use({ requests: 1, duration: '60 sec' })

    for (let i = 0; i < 5; i++) {
      const response = await client
        .post('/api/auth/magic-link')
        .json({ email: 'h@example.com' })
        .withCsrfToken()
      response.assertStatus(200)
      // Stands in for a minute passing between sends.
      await perMinute.delete('sign_in:send:minute:h@example.com')
    }
    const sixth = await client
      .post('/api/auth/magic-link')
      .json({ email: 'h@example.com' })
      .withCsrfToken()

    sixth.assertStatus(429)
    mails.assertSentCount(5)
  })

  test('twenty sends per IP per hour, whatever the addresses', async ({ client, cleanup }) => {
    const mails = fakeMail(cleanup)

    for (let i = 0; i < 20; i++) {
      const response = await client
        .post('/api/auth/magic-link')
        .json({ email: `ip${i}@example.com` })
        .withCsrfToken()
      response.assertStatus(200)
    }
    const over = await client
      .post('/api/auth/magic-link')
      .json({ email: 'ip20@example.com' })
      .withCsrfToken()

    over.assertStatus(429)
    mails.assertSentCount(20)
  })

  test('behind a trusted proxy, the per-IP limit counts the client it forwards', async ({
    client,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    const send = (email: string, clientIp: string) =>
      client
        .post('/api/auth/magic-link')
        .header('X-Forwarded-For', clientIp)
        .json({ email })
        .withCsrfToken()

    for (let i = 0; i < 20; i++) {
      const response = await send(`proxied${i}@example.com`, '203.0.113.7')
      response.assertStatus(200)
    }
    const sameClient = await send('proxied20@example.com', '203.0.113.7')
    const otherClient = await send('proxied21@example.com', '203.0.113.8')

    sameClient.assertStatus(429)
    otherClient.assertStatus(200)
    mails.assertSentCount(21)
  })

  test('a state-changing request without the CSRF token is refused', async ({
    client,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)

    const response = await client.post('/api/auth/magic-link').json({ email: 'x@example.com' })

    response.assertStatus(403)
    mails.assertNoneSent()
  })
})
