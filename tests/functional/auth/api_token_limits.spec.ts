import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#auth/models/user'
import { CreateApiToken, MAX_API_TOKENS } from '#auth/actions/create_api_token'
import { apiTokenChangeLimit } from '#config/limiter'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'

/**
 * Token creations at once, and the per-user limit on token changes. No
 * global transaction here: the requests really race, each in its own
 * transaction on its own connection, so the tests clean up after themselves.
 */

const CAP_MESSAGE = `You can have up to ${MAX_API_TOKENS} tokens. Revoke one first.`
const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment before trying again.'

async function tokenCount(user: User) {
  const [{ total }] = await db
    .from('auth_access_tokens')
    .where('tokenable_id', user.id)
    .count('* as total')
  return Number(total)
}

/** GET /health while something else runs: its status and how long it took. */
async function timedHealth() {
  const started = performance.now()
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/health`)
  await response.text()
  return { status: response.status, ms: performance.now() - started }
}

/** POST /profile/tokens as a JSON client of the signed-in user. */
function createOverHttp(client: ApiClient, user: User, name: string) {
  return client
    .post('/profile/tokens')
    .json({ name })
    .header('accept', 'application/json')
    .loginAs(user)
    .withCsrfToken()
    .redirects(0)
}

test.group('API tokens: the cap and the rate limit hold under load', (group) => {
  let users: User[] = []

  group.each.teardown(async () => {
    const ids = users.map((user) => user.id)
    users = []
    if (ids.length === 0) return
    await db.from('auth_access_tokens').whereIn('tokenable_id', ids).delete()
    await db
      .from('rate_limits')
      .where((query) => {
        for (const id of ids) query.orWhereLike('key', `%api-token-%:${id}`)
      })
      .delete()
    await User.query().whereIn('id', ids).delete()
  })

  test('40 creations at once end in exactly 20 tokens; the others are told the cap', async ({
    assert,
  }) => {
    const user = await createAgencyAccount(`burst-${Date.now()}@example.com`)
    users.push(user)
    const createApiTokenAction = await app.container.make(CreateApiToken)

    const [results, health] = await Promise.all([
      Promise.all(
        Array.from({ length: 40 }, (_, index) => createApiTokenAction.handle(user, `t${index}`))
      ),
      timedHealth(),
    ])

    const statuses = results.map((result) => result.status)
    assert.equal(statuses.filter((status) => status === 'created').length, MAX_API_TOKENS)
    assert.equal(statuses.filter((status) => status === 'too_many').length, 40 - MAX_API_TOKENS)
    assert.equal(await tokenCount(user), MAX_API_TOKENS)
    assert.equal(health.status, 200, `/health took ${Math.round(health.ms)} ms`)
  })

  test('40 POSTs at once: 10 pass the rate limit, the cap stops at 20, the rest get 409 or 429', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount(`burst-http-${Date.now()}@example.com`)
    users.push(user)
    const held = MAX_API_TOKENS - 5
    for (let index = 0; index < held; index++) await createApiToken(user, `held ${index}`)

    const [responses, health] = await Promise.all([
      Promise.all(
        Array.from({ length: 40 }, (_, index) => createOverHttp(client, user, `n${index}`))
      ),
      timedHealth(),
    ])

    const byStatus = (status: number) =>
      responses.filter((response) => response.status() === status)
    assert.deepEqual(
      [...new Set(responses.map((response) => response.status()))].sort(),
      [302, 409, 429]
    )
    assert.lengthOf(byStatus(302), 5, 'created up to the cap')
    assert.lengthOf(byStatus(409), apiTokenChangeLimit.requests - 5, 'past the cap')
    assert.lengthOf(byStatus(429), 40 - apiTokenChangeLimit.requests, 'past the rate limit')
    for (const refused of byStatus(409)) assert.deepEqual(refused.body(), { message: CAP_MESSAGE })
    for (const limited of byStatus(429)) {
      assert.deepEqual(limited.body(), { message: RATE_LIMIT_MESSAGE })
      assert.isAtLeast(Number(limited.header('retry-after')), 1)
    }
    assert.equal(await tokenCount(user), MAX_API_TOKENS)
    assert.equal(health.status, 200, `/health took ${Math.round(health.ms)} ms`)
  })

  test('revocations are limited too; on /profile the limit is a toast', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount(`revoke-${Date.now()}@example.com`)
    users.push(user)
    for (let index = 0; index < 12; index++) await createApiToken(user, `old ${index}`)
    const rows = await db.from('auth_access_tokens').where('tokenable_id', user.id).orderBy('id')
    const ids = rows.map((row) => row.id as number)

    const revoke = (id: number) =>
      client.delete(`/profile/tokens/${id}`).loginAs(user).withCsrfToken().redirects(0)
    for (const id of ids.slice(0, apiTokenChangeLimit.requests)) {
      const response = await revoke(id).header('accept', 'application/json')
      response.assertStatus(302)
    }
    const limited = await revoke(ids[10]).header('accept', 'application/json')
    const fromPage = await revoke(ids[11]).withInertia().header('referer', '/profile')

    limited.assertStatus(429)
    limited.assertBody({ message: RATE_LIMIT_MESSAGE })
    assert.isAtLeast(Number(limited.header('retry-after')), 1)
    assert.oneOf(fromPage.status(), [302, 303], 'back to the page')
    assert.equal(fromPage.flashMessages().error, RATE_LIMIT_MESSAGE)
    assert.equal(await tokenCount(user), 2)
  })
})
