import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#auth/models/user'
import { paidCallLimits, type PaidCall } from '#config/limiter'
import { createAccount } from '#tests/helpers/auth'
import { projectBody } from '#tests/helpers/studio'

const RATE_LIMITED = { message: 'Too many requests. Please wait a moment before trying again.' }

type PaidRoute = {
  call: PaidCall
  send: (client: ApiClient, user: User) => Promise<ApiResponse>
}

const ROUTES: PaidRoute[] = [
  {
    call: 'script',
    send: (client, user) =>
      client
        .post('/api/generate-script')
        .json({ prompt: 'a beekeeper at dawn', targetLength: 15 })
        .loginAs(user)
        .withCsrfToken(),
  },
  {
    call: 'project',
    send: (client, user) =>
      client.post('/api/projects').json(projectBody()).loginAs(user).withCsrfToken(),
  },
  {
    call: 'sceneStill',
    // Counted before the scene is looked up: no still is queued here.
    send: (client, user) =>
      client.post('/api/scenes/2147483000/generate').loginAs(user).withCsrfToken(),
  },
  {
    call: 'pictureUpload',
    // an upload URL stores nothing until something is PUT to it
    send: (client, user) =>
      client.post('/api/pictures/uploads').json({ name: 'a.jpg' }).loginAs(user).withCsrfToken(),
  },
  {
    call: 'picture',
    // counted before the upload is looked for: no upload by this name, 404
    send: (client, user) =>
      client
        .post('/api/pictures')
        .json({ upload: `${Math.floor(Date.now() / 1000)}-${'d'.repeat(32)}` })
        .loginAs(user)
        .withCsrfToken(),
  },
  {
    call: 'pictureImport',
    // a loopback address: refused before any connection
    send: (client, user) =>
      client
        .post('/api/pictures/import')
        .json({ url: 'http://127.0.0.1:9/a.jpg' })
        .loginAs(user)
        .withCsrfToken(),
  },
  {
    call: 'voicePreview',
    send: (client, user) =>
      client
        .post('/api/voice-preview')
        .json({ provider: 'espeak', voiceId: 'no-such-voice' })
        .loginAs(user)
        .withCsrfToken(),
  },
]

test.group('Limits on calls that cost money', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{call}: the request past the per-user limit gets 429 with Retry-After')
    .with(ROUTES)
    .run(async ({ client, assert }, route) => {
      const user = await createAccount(`${route.call.toLowerCase()}@example.com`)
      const other = await createAccount(`other.${route.call.toLowerCase()}@example.com`)
      const limit = paidCallLimits[route.call].requests

      for (let i = 0; i < limit; i++) {
        const response = await route.send(client, user)
        assert.notEqual(response.status(), 429, `request ${i + 1} of ${limit}`)
      }
      const over = await route.send(client, user)
      const someoneElse = await route.send(client, other)

      over.assertStatus(429)
      over.assertBody(RATE_LIMITED)
      const retryAfter = Number(over.header('retry-after'))
      assert.isAtLeast(retryAfter, 1)
      assert.isAtMost(retryAfter, 60)
      assert.notEqual(someoneElse.status(), 429)
    })
})

test.group('Limits on calls that cost money, from a page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a page's visit past the limit goes back with the message as a toast", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('page.still@example.com')
    const send = () =>
      client
        .post('/storyboard/scenes/2147483000/generate')
        .header('referer', '/storyboard/1')
        .withInertia()
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)

    for (let i = 0; i < paidCallLimits.sceneStill.requests; i++) await send()
    const over = await send()

    assert.include([302, 303], over.status())
    over.assertHeader('location', '/storyboard/1')
    assert.equal(over.flashMessages().error, RATE_LIMITED.message)
    assert.isAtLeast(Number(over.header('retry-after')), 1)
  })
})
