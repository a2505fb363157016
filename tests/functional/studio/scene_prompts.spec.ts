import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { STYLES, applyStyle } from '#studio/styles'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import {
  generateAll,
  projectBody,
  startRenderWorker,
  useFakeFal,
  waitForStatus,
} from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

const WORDS = 'A red tram climbs the hill above the river at dawn.'

/** What the fake fal was asked to draw or film, per endpoint path. */
function promptsSentTo(fal: Awaited<ReturnType<typeof useFakeFal>>, path: string) {
  return fal.requests
    .filter((request) => request.method === 'POST' && request.path === path)
    .map((request) => (request.body as { prompt: string }).prompt)
}

test.group('Scene prompts are the creator’s words (docs/product.md, Storyboard)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the storyboard shows the words; the still is drawn from them in the style', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup, { stillWidth: 160 })
    await startRenderWorker(cleanup)
    const user = await createAccount('tram-stills@example.com')

    const created = await client
      .post('/api/projects')
      .json(
        projectBody({ generation_mode: 'ai-images-to-video', style: 'cinematic', script: WORDS })
      )
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)

    let scenes: { prompt: string; status: string }[] = []
    await until(
      async () => {
        const poll = await client.get(`/api/projects/${created.body().id}/scenes`).loginAs(user)
        scenes = poll.body()
        return scenes.every((scene) => !['pending', 'processing'].includes(scene.status))
      },
      10_000,
      () => `every still settled: ${JSON.stringify(scenes)}`
    )

    assert.deepEqual(
      scenes.map((scene) => scene.prompt),
      [WORDS]
    )
    assert.deepEqual(promptsSentTo(fal, '/fal-ai/flux/schnell'), [
      applyStyle(STYLES.cinematic.template, WORDS),
    ])
  })

  test('a text-to-video clip is asked for in the style, from the edited words', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup, { stillWidth: 160 })
    await startRenderWorker(cleanup)
    const user = await createAccount('tram-clips@example.com')
    await grantCredits(user, 100)
    const created = await client
      .post('/api/projects')
      .json(projectBody({ aspect_ratio: '16:9', style: 'noir', script: WORDS }))
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const projectId: number = created.body().id
    const listed = await client.get(`/api/projects/${projectId}/scenes`).loginAs(user)
    const [scene] = listed.body()
    const edited = 'A blue tram waits in the rain.'
    const patched = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: edited })
      .loginAs(user)
      .withCsrfToken()
    patched.assertStatus(200)

    const started = await generateAll(client, user, projectId)
    started.assertStatus(202)
    const done = await waitForStatus(projectId, ['done', 'failed'], 120_000)

    assert.equal(done.status, 'done', done.error ?? '')
    const clipPrompts = fal.requests
      .filter((request) => request.method === 'POST' && request.path.includes('hailuo'))
      .map((request) => (request.body as { prompt: string }).prompt)
    assert.lengthOf(clipPrompts, 1)
    assert.include(clipPrompts[0], applyStyle(STYLES.noir.template, edited).slice(0, 120))
    const relisted = await client.get(`/api/projects/${projectId}/scenes`).loginAs(user)
    const [after] = relisted.body()
    assert.equal(after.prompt, edited)
  }).timeout(180_000)
})
