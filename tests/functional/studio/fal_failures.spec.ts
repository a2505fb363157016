import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { projectBody, startRenderWorker, useFakeFal } from '#tests/helpers/studio'
import type { FakeFalBehaviour } from '#tests/helpers/fakes/fake_fal'
import { until } from '#tests/helpers/wait'

test.group('Studio: fal driver failures reach the storyboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{behaviour} → {title}')
    .with([
      { behaviour: 'balance_exhausted', title: 'Fal AI Balance Exhausted' },
      { behaviour: 'invalid_key', title: 'API Configuration Error' },
      { behaviour: 'rejected_input', title: 'Image Generation Failed' },
    ] satisfies { behaviour: FakeFalBehaviour; title: string }[])
    .run(async ({ client, assert, cleanup }, { behaviour, title }) => {
      await useFakeFal(cleanup, { behaviour, stillWidth: 160 })
      await startRenderWorker(cleanup)
      const user = await createAccount(`fal-${behaviour}@example.com`)

      const created = await client
        .post('/api/projects')
        .json(projectBody({ generation_mode: 'ai-images-to-video', script: 'one short scene' }))
        .loginAs(user)
        .withCsrfToken()

      let scenes: { status: string; errorTitle: string | null; errorMessage: string | null }[] = []
      await until(
        async () => {
          const poll = await client.get(`/api/projects/${created.body().id}/scenes`).loginAs(user)
          scenes = poll.body()
          return scenes.every((scene) => scene.status === 'failed')
        },
        10_000,
        () => `every scene failed: ${JSON.stringify(scenes)}`
      )

      assert.equal(scenes[0].status, 'failed')
      assert.equal(scenes[0].errorTitle, title)
      assert.isString(scenes[0].errorMessage)
    })
})
