import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { lengthCredits, scriptCredits } from '#shared/script_plan'
import { SCRIPT_LENGTHS } from '#studio/limits'
import { createAccount } from '#tests/helpers/auth'
import { useFakeFal } from '#tests/helpers/studio'
import { accountOf } from '#tests/helpers/billing'

/** An LLM that ignores the length it was asked for: 60 words for any request. */
const LONG_ANSWER = Array.from(
  { length: 10 },
  (_, index) => `The tram number ${index + 1} climbs the hill above the river.`
).join(' ')

test.group('A new user’s first AI script (docs/product.md, Setup)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/setup offers lengths the free credits pay for', async ({ client, assert }) => {
    const user = await createAccount('first-script@example.com')

    const page = await client.get('/setup').withInertia().loginAs(user)

    page.assertStatus(200)
    const lengths: number[] = page.inertiaProps.scriptLengths
    const { credits } = await accountOf(user)
    const affordable = lengths.filter((seconds) => lengthCredits(seconds) <= credits)
    assert.includeMembers(lengths, [5, 10])
    assert.isNotEmpty(affordable)
  })

  test('each offered length writes a script that costs at most its credits (local driver)', async ({
    client,
    assert,
  }) => {
    for (const seconds of SCRIPT_LENGTHS) {
      // One writer per length: AI scripts are limited to 10 a minute per user.
      const user = await createAccount(`local-${seconds}@example.com`)
      const response = await client
        .post('/api/generate-script')
        .json({ prompt: 'A red tram climbs through Lisbon at dawn', targetLength: seconds })
        .loginAs(user)
        .withCsrfToken()

      response.assertStatus(200)
      const script: string = response.body().script
      assert.isAtMost(scriptCredits(script), lengthCredits(seconds), `${seconds} s: ${script}`)
    }
  })

  test('a too-long LLM answer is cut at a sentence end to the length’s credits (fal driver)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup)
    fal.setBehaviour('openrouter/router', {
      output: { output: JSON.stringify({ script: LONG_ANSWER }), partial: false },
    })

    for (const seconds of [5, 10, 15, 30]) {
      const user = await createAccount(`fal-${seconds}@example.com`)
      const response = await client
        .post('/api/generate-script')
        .json({ prompt: 'Trams of Lisbon', targetLength: seconds })
        .loginAs(user)
        .withCsrfToken()

      response.assertStatus(200)
      const script: string = response.body().script
      assert.isAtMost(scriptCredits(script), lengthCredits(seconds), `${seconds} s: ${script}`)
      assert.match(script, /\.$/)
      assert.isTrue(LONG_ANSWER.startsWith(script), script)
    }
  })
})
