import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createAccount, enableCaptcha } from '#tests/helpers/auth'

test.group('Account API and sessions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signed out, /api answers 401 JSON and forged identity headers grant nothing', async ({
    client,
  }) => {
    const victim = await createAccount('victim@example.com')

    for (const path of ['/api/me', '/api/user']) {
      const response = await client
        .get(path)
        .header('user-id', String(victim.id))
        .header('user-email', victim.email)
      response.assertStatus(401)
      response.assertHeader('content-type', 'application/json; charset=utf-8')
    }
  })

  test('GET /api/me and /api/user describe the session user, not the headers', async ({
    client,
  }) => {
    const me = await createAccount('me@example.com')
    const other = await createAccount('other@example.com')

    const profile = await client
      .get('/api/me')
      .header('user-id', String(other.id))
      .header('user-email', other.email)
      .loginAs(me)
    const balance = await client.get('/api/user').loginAs(me)

    profile.assertStatus(200)
    profile.assertBodyContains({ id: me.id, email: 'me@example.com', plan: 'free', credits: 10 })
    profile.assertBodyContains({ language: 'english', defaultStyle: 'cinematic' })
    balance.assertBody({ credits: 10, plan: 'free' })
  })

  test('POST /api/users returns the session profile and ignores another email', async ({
    client,
    assert,
  }) => {
    const me = await createAccount('owner@example.com')

    const response = await client
      .post('/api/users')
      .json({ email: 'intruder@example.com', username: 'intruder' })
      .loginAs(me)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBodyContains({ email: 'owner@example.com', username: 'owner' })
    assert.isNull(await db.from('users').where('email', 'intruder@example.com').first())
  })

  test('POST /api/verify-captcha passes when captcha is off', async ({ client }) => {
    const response = await client.post('/api/verify-captcha').json({}).withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
  })

  test('POST /api/verify-captcha checks the token with siteverify when captcha is on', async ({
    client,
    cleanup,
  }) => {
    await enableCaptcha(cleanup)

    const missing = await client.post('/api/verify-captcha').json({}).withCsrfToken()
    const bad = await client.post('/api/verify-captcha').json({ token: 'nope' }).withCsrfToken()
    const good = await client
      .post('/api/verify-captcha')
      .json({ token: 'pass-token' })
      .withCsrfToken()

    missing.assertStatus(400)
    bad.assertStatus(403)
    bad.assertBody({ message: 'CAPTCHA verification failed. Please try again.' })
    good.assertStatus(200)
  })

  test('sign out without the CSRF token is refused; with it, the session ends', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('leaving@example.com')

    const forgedForm = await client.post('/auth/sign-out').loginAs(user).redirects(0)
    const real = await client.post('/auth/sign-out').loginAs(user).withCsrfToken().redirects(0)

    forgedForm.assertStatus(302)
    assert.notEqual(forgedForm.header('location'), '/auth')
    assert.equal(forgedForm.session().auth_web, user.id)
    real.assertStatus(302)
    real.assertHeader('location', '/auth')
    assert.isUndefined(real.session().auth_web)
  })

  test('signed-out visits to pages redirect to /auth', async ({ client }) => {
    for (const path of [
      '/',
      '/create',
      '/start',
      '/setup',
      '/onboarding/plan',
      '/onboarding/profile',
    ]) {
      const response = await client.get(path).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/auth')
    }
  })

  test('the Admin nav flag is true only for ADMIN_EMAIL', async ({ client }) => {
    const operator = await createAccount('operator@reelforge.test')
    const customer = await createAccount('customer@example.com')

    const asOperator = await client.get('/').withInertia().loginAs(operator)
    const asCustomer = await client.get('/').withInertia().loginAs(customer)

    asOperator.assertInertiaComponent('studio/dashboard')
    asOperator.assertInertiaPropsContains({ isAdmin: true })
    asCustomer.assertInertiaPropsContains({ isAdmin: false })
    asCustomer.assertInertiaPropsContains({ user: { email: 'customer@example.com', credits: 10 } })
  })

  test('onboarding profile saves the choices and continues to /create', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('maker@example.com')

    const invalid = await client
      .put('/onboarding/profile')
      .form({ language: 'klingon', defaultStyle: 'cinematic' })
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const valid = await client
      .put('/onboarding/profile')
      .form({ username: 'Maker', niche: 'cooking', language: 'french', defaultStyle: 'anime' })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.notEqual(invalid.status(), 500)
    valid.assertStatus(302)
    valid.assertHeader('location', '/create')
    await user.refresh()
    assert.equal(user.username, 'Maker')
    assert.equal(user.niche, 'cooking')
    assert.equal(user.language, 'french')
    assert.equal(user.defaultStyle, 'anime')
  })
})
