import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import { API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import { apiTokenLimit } from '#config/limiter'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import { planBySlug, setAccount } from '#tests/helpers/billing'
import { createProject } from '#tests/helpers/studio'
import { callApi, createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { useSessionStore } from '#tests/helpers/sessions'

async function tokenRows(user: User) {
  return db.from('auth_access_tokens').where('tokenable_id', user.id)
}

test.group('API tokens: created and revoked on /profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('create → the secret once → call with it → revoke → 401', async ({ client, assert }) => {
    const user = await createAgencyAccount('agency@example.com')

    const created = await client
      .post('/profile/tokens')
      .form({ name: 'Publishing script' })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('location', '/profile')

    const [row] = await tokenRows(user)
    assert.equal(row.name, 'Publishing script')

    const page = await client
      .get('/profile')
      .loginAs(user)
      .withInertia()
      .withSession({ __flash__: created.flashMessages() })
    page.assertInertiaComponent('auth/profile')
    const props = page.inertiaProps as {
      apiAccess: boolean
      apiTokens: { id: number; name: string; lastUsedAt: string | null }[]
      newApiToken: { name: string; secret: string } | null
    }
    assert.isTrue(props.apiAccess)
    assert.equal(props.newApiToken?.name, 'Publishing script')
    const secret = props.newApiToken!.secret
    assert.match(secret, /^rf_/)
    assert.notInclude(JSON.stringify(row), secret.split('.')[1], 'only the hash is stored')
    assert.deepEqual(
      props.apiTokens.map(({ name, lastUsedAt }) => ({ name, lastUsedAt })),
      [{ name: 'Publishing script', lastUsedAt: null }]
    )

    const again = await client.get('/profile').loginAs(user).withInertia()
    assert.isNull((again.inertiaProps as { newApiToken: unknown }).newApiToken, 'shown once')

    const me = await callApi('GET', '/api/me', { token: secret })
    assert.equal(me.status, 200)
    assert.equal(me.body.email, 'agency@example.com')
    const listed = await client.get('/profile').loginAs(user).withInertia()
    const [token] = (listed.inertiaProps as { apiTokens: { lastUsedAt: string | null }[] })
      .apiTokens
    assert.isNotNull(token.lastUsedAt, 'last use recorded')

    const revoked = await client
      .delete(`/profile/tokens/${row.id}`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    revoked.assertStatus(302)
    assert.lengthOf(await tokenRows(user), 0)

    const after = await callApi('GET', '/api/me', { token: secret })
    assert.equal(after.status, 401)
    assert.match(after.body.message, /not valid/)
  })

  test('a free user cannot create a token, and /profile says API access is Agency', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('free@example.com')

    const refused = await client
      .post('/profile/tokens')
      .form({ name: 'nope' })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    refused.assertStatus(302)
    assert.equal(refused.flashMessages().error, API_ACCESS_REQUIRED)
    assert.lengthOf(await tokenRows(user), 0)
    const page = await client.get('/profile').loginAs(user).withInertia()
    page.assertInertiaPropsContains({ apiAccess: false, apiTokens: [] })
  })

  test('a token name is required; someone else’s token cannot be revoked', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('named@example.com')
    const other = await createAgencyAccount('other@example.com')
    await createApiToken(other)
    const [othersRow] = await tokenRows(other)

    const blank = await client
      .post('/profile/tokens')
      .form({ name: '   ' })
      .loginAs(user)
      .withCsrfToken()
      .header('accept', 'application/json')
    blank.assertStatus(422)

    const stolen = await client
      .delete(`/profile/tokens/${othersRow.id}`)
      .loginAs(user)
      .withCsrfToken()
      .header('accept', 'application/json')
    stolen.assertStatus(404)
    assert.lengthOf(await tokenRows(other), 1)
  })
})

test.group('API tokens: what a token reaches', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a token cannot reach another user’s project', async ({ assert }) => {
    const user = await createAgencyAccount('mine@example.com')
    const other = await createAccount('theirs@example.com')
    const mine = await createProject(user, 1)
    const theirs = await createProject(other, 1)
    const token = await createApiToken(user)

    const own = await callApi('GET', `/api/projects/${mine.id}`, { token })
    const foreign = await callApi('GET', `/api/projects/${theirs.id}`, { token })
    const deleteForeign = await callApi('DELETE', `/api/projects/${theirs.id}`, { token })

    assert.equal(own.status, 200)
    assert.equal(foreign.status, 404)
    assert.deepEqual(foreign.body, { message: 'Project not found' })
    assert.equal(deleteForeign.status, 404)
    assert.isNotNull(await db.from('projects').where('id', theirs.id).first())
  })

  test('admin routes refuse tokens, the operator’s own included', async ({ client, assert }) => {
    const operator = await createOperator()
    await setAccount(operator, { plan: 'agency' })
    const token = await createApiToken(operator)

    const stats = await callApi('GET', '/api/admin/stats', { token })
    const tracks = await callApi('POST', '/api/admin/music-tracks', { token, body: {} })
    const upload = await callApi('POST', '/api/music/upload', { token })
    const bySession = await client.get('/api/admin/stats').loginAs(operator)

    assert.equal(stats.status, 403)
    assert.match(stats.body.message, /API tokens cannot reach it/)
    assert.equal(tracks.status, 403)
    assert.equal(upload.status, 403)
    bySession.assertStatus(200)
  })

  test('the same credit rules: a token with too few credits gets 402', async ({ assert }) => {
    const user = await createAgencyAccount('broke@example.com')
    await setAccount(user, { credits: 0 })
    const project = await createProject(user, 2)
    const token = await createApiToken(user)

    const response = await callApi('POST', `/api/projects/${project.id}/generate-all`, { token })

    assert.equal(response.status, 402)
    const row = await db.from('projects').where('id', project.id).first()
    assert.equal(row.status, 'draft')
  })

  test('a forged or malformed token is a 401 that records no use', async ({ assert }) => {
    const user = await createAgencyAccount('forged@example.com')
    await createApiToken(user)
    const [row] = await tokenRows(user)
    const id = Buffer.from(String(row.id)).toString('base64url')
    const huge = Buffer.from('99999999999').toString('base64url')

    for (const token of [`rf_${id}.guessed`, `rf_${huge}.guessed`, 'rf_', 'not-a-token']) {
      const response = await callApi('GET', '/api/me', { token })
      assert.equal(response.status, 401, token)
    }
    const [after] = await tokenRows(user)
    assert.isNull(after.last_used_at)
  })
})

test.group('API tokens: CSRF applies to cookie sessions only', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a cookie-less bearer POST needs no CSRF token', async ({ assert }) => {
    const user = await createAgencyAccount('bearer@example.com')
    const token = await createApiToken(user)

    const response = await callApi('POST', '/api/users', { token, body: {} })

    assert.equal(response.status, 200)
    assert.equal(response.body.email, 'bearer@example.com')
  })

  test('calls with a token and no cookie leave no session behind', async ({ assert, cleanup }) => {
    await useSessionStore('database', cleanup)
    const user = await createAgencyAccount('stateless@example.com')
    const token = await createApiToken(user)
    const before = await db.from('sessions').count('* as total')

    const read = await callApi('GET', '/api/me', { token })
    const write = await callApi('POST', '/api/users', { token, body: {} })

    assert.equal(read.status, 200)
    assert.equal(write.status, 200)
    assert.deepEqual(await db.from('sessions').count('* as total'), before)
  })

  test('a bearer POST that also sends a cookie still needs the CSRF token', async ({ assert }) => {
    const user = await createAgencyAccount('both@example.com')
    const token = await createApiToken(user)

    const response = await callApi('POST', '/api/users', {
      token,
      body: {},
      cookie: 'reelforge-session=anything',
    })

    assert.equal(response.status, 403)
  })

  test('a session POST without the CSRF token is refused', async ({ client }) => {
    const user = await createAgencyAccount('cookie@example.com')

    const response = await client.post('/api/users').json({}).loginAs(user)

    response.assertStatus(403)
  })
})

test.group('API tokens: plan and rate limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a user who drops below the agency plan has their tokens refused', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('downgraded@example.com')
    const token = await createApiToken(user)
    const before = await callApi('GET', '/api/user', { token })
    assert.equal(before.status, 200)

    await setAccount(user, { plan: 'pro' })
    const response = await callApi('GET', '/api/user', { token })

    assert.equal(response.status, 403)
    assert.deepEqual(response.body, { message: API_ACCESS_REQUIRED })
    const page = await client.get('/profile').loginAs(user).withInertia()
    page.assertInertiaPropsContains({ apiAccess: false })
    assert.lengthOf((page.inertiaProps as { apiTokens: unknown[] }).apiTokens, 1, 'still revocable')
  })

  test('a plan loses API access when the operator takes the feature off it', async ({ assert }) => {
    const user = await createAgencyAccount('feature@example.com')
    const token = await createApiToken(user)
    const agency = await planBySlug('agency')

    await agency.merge({ features: agency.features.filter((f) => f !== 'API access') }).save()
    const withoutFeature = await callApi('GET', '/api/user', { token })
    await agency.merge({ features: [...agency.features, '  api ACCESS '] }).save()
    const withFeature = await callApi('GET', '/api/user', { token })

    assert.equal(withoutFeature.status, 403)
    assert.equal(withFeature.status, 200)
  })

  test('each token has its own rate limit: 429 with Retry-After past it', async ({ assert }) => {
    const user = await createAgencyAccount('busy@example.com')
    const busy = await createApiToken(user, 'busy')
    const calm = await createApiToken(user, 'calm')

    for (let call = 0; call < apiTokenLimit.requests; call++) {
      const response = await callApi('GET', '/api/user', { token: busy })
      assert.equal(response.status, 200, `call ${call + 1}`)
    }
    const limited = await callApi('GET', '/api/user', { token: busy })
    const other = await callApi('GET', '/api/user', { token: calm })

    assert.equal(limited.status, 429)
    assert.isAtLeast(Number(limited.headers.get('retry-after')), 1)
    assert.match(limited.body.message, /Too many requests/)
    assert.equal(other.status, 200)
  })
})
