import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import aiConfig from '#config/ai'
import { AiProviders } from '#media/providers/ai_providers'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { createAccount } from '#tests/helpers/auth'
import { projectBody } from '#tests/helpers/studio'
import { FAKE_FAL_KEY, startFakeFal, type FakeFalBehaviour } from '#tests/helpers/fakes/fake_fal'

test.group('Studio: fal driver failures reach the storyboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{behaviour} → {title}')
    .with([
      { behaviour: 'balance_exhausted', title: 'Fal AI Balance Exhausted' },
      { behaviour: 'invalid_key', title: 'API Configuration Error' },
      { behaviour: 'rejected_input', title: 'Image Generation Failed' },
    ] satisfies { behaviour: FakeFalBehaviour; title: string }[])
    .run(async ({ client, assert, cleanup }, { behaviour, title }) => {
      const fal = await startFakeFal()
      fal.setBehaviour('fal-ai/flux/schnell', behaviour)
      app.container.swap(
        AiProviders,
        () =>
          new AiProviders({
            ...aiConfig,
            driver: 'fal',
            fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.baseUrl, pollIntervalMs: 20 },
            stillWidth: 160,
          })
      )
      const queues = await app.container.make(QueueService)
      await queues.queue(GenerateSceneStillJob.queueName).obliterate({ force: true })
      const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
        GenerateSceneStillJob,
      ])
      cleanup(async () => {
        await worker.stop()
        app.container.restore(AiProviders)
        await fal.close()
      })
      const user = await createAccount(`fal-${behaviour}@example.com`)

      const created = await client
        .post('/api/projects')
        .json(projectBody({ generation_mode: 'ai-images-to-video', script: 'one short scene' }))
        .loginAs(user)
        .withCsrfToken()
      await worker.start()

      let scenes: { status: string; errorTitle: string | null; errorMessage: string | null }[] = []
      for (let attempt = 0; attempt < 100; attempt++) {
        const poll = await client.get(`/api/projects/${created.body().id}/scenes`).loginAs(user)
        scenes = poll.body()
        if (scenes.every((scene) => scene.status === 'failed')) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }

      assert.equal(scenes[0].status, 'failed')
      assert.equal(scenes[0].errorTitle, title)
      assert.isString(scenes[0].errorMessage)
    })
})
