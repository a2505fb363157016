import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { contentSecurityPolicy } from '#core/http/security_headers'

/** The test server runs Vite's dev server: its HMR socket is the only addition. */
function withoutDevSocket(policy: string) {
  return policy.replace(/ ws:\/\/\S+(?=;)/, '')
}

test.group('Security headers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('pages, the not-found page, API errors and files all carry them', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('headers@example.com')
    const answers = [
      await client.get('/auth').header('accept', 'text/html'),
      await client.get('/').header('accept', 'text/html').loginAs(user),
      await client.get('/no/such/page').header('accept', 'text/html'),
      await client.get('/api/me'),
      await client.get('/favicon.svg'),
    ]

    for (const response of answers) {
      const policy = response.header('content-security-policy') ?? ''
      const nonce = policy.match(/'nonce-([^']+)'/)?.[1] ?? ''
      assert.equal(
        withoutDevSocket(policy),
        contentSecurityPolicy({ mediaOrigin: null, hmrSocket: null }, nonce)
      )
      assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
      assert.match(response.header('permissions-policy') ?? '', /(^|, )camera=\(\)/)
      assert.match(response.header('permissions-policy') ?? '', /microphone=\(\), /)
      assert.match(response.header('permissions-policy') ?? '', /geolocation=\(\), /)
    }
    assert.equal(answers[2].status(), 404)
    assert.equal(answers[3].status(), 401)
  })

  test("a fresh nonce each response, on the page's only inline script", async ({
    client,
    assert,
  }) => {
    const first = await client.get('/auth').header('accept', 'text/html')
    const second = await client.get('/auth').header('accept', 'text/html')
    const nonceOf = (policy?: string) => policy?.match(/'nonce-([^']+)'/)?.[1]

    const nonce = nonceOf(first.header('content-security-policy'))
    assert.match(nonce ?? '', /^[\w-]{16,}$/)
    assert.notEqual(nonce, nonceOf(second.header('content-security-policy')))
    const inline = [...first.text().matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
      .map((match) => match[1])
      .filter((attributes) => !attributes.includes('application/json'))
    assert.isAbove(inline.length, 0)
    for (const attributes of inline) assert.include(attributes, `nonce="${nonce}"`)
  })
})
