import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import { RevokeApiToken } from '#auth/actions/revoke_api_token'
import { API_TOKEN_REFUSED, API_TOKEN_REQUIRED } from '#auth/services/api_token_gate'
import { apiTokenLimit } from '#config/limiter'
import { TOO_MANY_REQUESTS_MESSAGE } from '#core/http/too_many_requests'
import { createAccount } from '#tests/helpers/auth'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { agent, connectAgent, dataOf, mcpUrl } from '#tests/helpers/mcp'
import { Device, useSessionStore } from '#tests/helpers/sessions'
import { setAccount } from '#tests/helpers/billing'

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'curl', version: '1' },
  },
}

/** What an MCP client is told when the endpoint refuses it: the HTTP status and the JSON-RPC error. */
async function refusalOf(attempt: Promise<unknown>) {
  try {
    await attempt
  } catch (error) {
    if (!(error instanceof StreamableHTTPError)) throw error
    const body = error.message.slice(error.message.indexOf('{'))
    return { status: error.code, error: (JSON.parse(body) as { error: { message: string } }).error }
  }
  throw new Error('the call was not refused')
}

test.group('MCP: who may call', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a token whose plan has no API access is refused with 403 and says so', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAccount('mcp.pro@example.com')
    await setAccount(user, { plan: 'pro' })
    const token = await createApiToken(user)
    const { client, transport } = agent({ authorization: `Bearer ${token}` }, cleanup)

    const refusal = await refusalOf(client.connect(transport))

    assert.equal(refusal.status, 403)
    assert.equal(refusal.error.message, API_ACCESS_REQUIRED)
  })

  test('a revoked token is refused at its very next request', async ({ assert, cleanup }) => {
    const user = await createAgencyAccount('mcp.revoked@example.com')
    const token = await createApiToken(user)
    const { client } = await connectAgent(token, cleanup)
    const before = await client.callTool({ name: 'get_balance', arguments: {} })
    assert.equal(dataOf(before).plan, 'agency')

    const [row] = await db.from('auth_access_tokens').where('tokenable_id', user.id)
    await new RevokeApiToken().handle(user, row.id)
    const refusal = await refusalOf(client.callTool({ name: 'get_balance', arguments: {} }))

    assert.equal(refusal.status, 401)
    assert.equal(refusal.error.message, API_TOKEN_REFUSED)
  })

  test('a signed-in browser session is no token: 401, with its CSRF token or without', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('mcp.cookie@example.com')
    const device = new Device()
    await device.signIn(user.email)
    const before = await db.from('projects').where('user_id', user.id).count('* as total')

    const withCsrf = await device.request('POST', '/mcp', INITIALIZE)
    const withoutCsrf = await device.request('POST', '/mcp', INITIALIZE, { csrf: false })
    const { client, transport } = agent(
      { cookie: `reelforge-session=${device.sessionId}` },
      cleanup
    )
    const sdk = await refusalOf(client.connect(transport))

    for (const response of [withCsrf, withoutCsrf]) {
      assert.equal(response.status, 401)
      assert.deepEqual(await response.json(), {
        jsonrpc: '2.0',
        error: { code: -32000, message: API_TOKEN_REQUIRED },
        id: null,
      })
    }
    assert.deepEqual(sdk, { status: 401, error: { code: -32000, message: API_TOKEN_REQUIRED } })
    assert.equal(await device.me(), 200, 'the session itself is untouched')
    assert.deepEqual(
      await db.from('projects').where('user_id', user.id).count('* as total'),
      before
    )
  })

  test('a forged or missing token is a 401', async ({ assert, cleanup }) => {
    const user = await createAgencyAccount('mcp.forged@example.com')
    await createApiToken(user)

    const attempts: Record<string, string>[] = [{ authorization: `Bearer ${user.id}` }, {}]
    for (const headers of attempts) {
      const { client, transport } = agent(headers, cleanup)
      const refusal = await refusalOf(client.connect(transport))
      assert.equal(refusal.status, 401)
    }
  })

  test('each token has its own rate limit: past it, 429 with Retry-After', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('mcp.busy@example.com')
    const busy = await connectAgent(await createApiToken(user, 'busy'), cleanup)
    const calm = await connectAgent(await createApiToken(user, 'calm'), cleanup)

    let refusal: Awaited<ReturnType<typeof refusalOf>> | null = null
    for (let call = 0; call < apiTokenLimit.requests && !refusal; call++) {
      refusal = await refusalOf(busy.client.callTool({ name: 'get_balance', arguments: {} })).catch(
        () => null
      )
    }

    const limited = busy.exchanges.filter((exchange) => exchange.status === 429)
    assert.lengthOf(limited, 1)
    assert.lengthOf(busy.exchanges, apiTokenLimit.requests + 1, 'the limit counts every request')
    assert.deepEqual(refusal, {
      status: 429,
      error: { code: -32000, message: TOO_MANY_REQUESTS_MESSAGE },
    })
    assert.isAtLeast(Number(limited[0].headers.get('retry-after')), 1)
    const other = await calm.client.callTool({ name: 'get_balance', arguments: {} })
    assert.equal(dataOf(other).plan, 'agency')
  })

  test('GET and DELETE: 405 to a token, as a stateless server answers; 401 without one', async ({
    assert,
  }) => {
    const user = await createAgencyAccount('mcp.methods@example.com')
    const token = await createApiToken(user)

    for (const method of ['GET', 'DELETE']) {
      const withToken = await fetch(mcpUrl(), {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      })
      const without = await fetch(mcpUrl(), { method, headers: { accept: 'text/event-stream' } })

      assert.equal(withToken.status, 405, method)
      assert.equal(withToken.headers.get('allow'), 'POST')
      assert.deepEqual(await withToken.json(), {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      })
      assert.equal(without.status, 401, method)
      await without.body?.cancel()
    }
  })

  test('the answers set no cookie and keep no session', async ({ assert, cleanup }) => {
    await useSessionStore('database', cleanup)
    const user = await createAgencyAccount('mcp.stateless@example.com')
    const token = await createApiToken(user)
    const sessions = await db.from('sessions').count('* as total')

    const response = await fetch(mcpUrl(), {
      method: 'POST',
      headers: {
        'authorization': `Bearer ${token}`,
        'content-type': 'application/json',
        'accept': 'application/json, text/event-stream',
      },
      body: JSON.stringify(INITIALIZE),
    })

    assert.equal(response.status, 200)
    assert.include(await response.text(), '"serverInfo"')
    assert.deepEqual(response.headers.getSetCookie(), [])
    assert.deepEqual(await db.from('sessions').count('* as total'), sessions)
  })
})
