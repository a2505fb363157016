import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import transmit from '@adonisjs/transmit/services/main'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import Scene from '#studio/models/scene'
import type { ProjectAnnouncement } from '#studio/render/progress_relay'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'
import { createAccount } from '#tests/helpers/auth'
import { createProject, projectBody } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

const SCRIPT =
  'A lighthouse stands on the cliff. The keeper climbs the stairs. ' +
  'The lamp turns over the sea. A ship finds the harbour.'

test.group('Stills events (SSE)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("each drawn still is announced with the count on its owner's channel only", async ({
    client,
    assert,
    cleanup,
  }) => {
    const sent: { channel: string; payload: ProjectAnnouncement }[] = []
    const broadcast = transmit.broadcast.bind(transmit)
    transmit.broadcast = (channel, payload) => {
      sent.push({ channel, payload: payload as ProjectAnnouncement })
      broadcast(channel, payload)
    }
    cleanup(() => {
      transmit.broadcast = broadcast
    })
    const queues = await app.container.make(QueueService)
    await queues.queue(GenerateSceneStillJob.queueName).obliterate({ force: true })
    const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
      GenerateSceneStillJob,
    ])
    cleanup(() => worker.stop())
    const owner = await createAccount('stills.owner@example.com')
    const stranger = await createAccount('stills.stranger@example.com')
    const theirs = await createProject(stranger, 2, { generationMode: 'ai-images-to-video' })

    const created = await client
      .post('/api/projects')
      .json(projectBody({ script: SCRIPT, generation_mode: 'ai-images-to-video' }))
      .loginAs(owner)
      .withCsrfToken()
    created.assertStatus(201)
    const projectId: number = created.body().id
    await worker.start()
    const scenes = await Scene.query().where('project_id', projectId)
    const total = scenes.length
    assert.isAbove(total, 1)
    // Stills drawn at the same moment may be announced together: the count says how many are in.
    await until(
      () => sent.some((event) => event.payload.stills?.settled),
      10_000,
      () => `the last still announced: ${JSON.stringify(sent)}`
    )

    const stills = sent.filter((event) => event.payload.stills)
    assert.isTrue(stills.every((event) => event.channel === `projects/${projectId}`))
    assert.isFalse(sent.some((event) => event.channel === `projects/${theirs.id}`))
    const counts = stills.map((event) => event.payload.stills!)
    // Each with the count as relayed; the last one drawn ends the wait.
    assert.isTrue(counts.every((count) => count.total === total && count.ready <= total))
    assert.deepInclude(counts, { projectId, ready: total, total, settled: true })
    assert.isTrue(counts.every((count) => count.settled === (count.ready === total)))

    // The channel those events travel on is the owner's alone.
    const subscription = await client
      .post('/__transmit/subscribe')
      .json({ uid: 'stranger-tab', channel: `projects/${projectId}` })
      .loginAs(stranger)
      .withCsrfToken()
    subscription.assertStatus(404)
    const page = await client
      .get(`/setup?stills=${projectId}`)
      .loginAs(stranger)
      .withInertia()
      .withInertiaPartialReload('studio/setup', ['stills'])
    assert.isNull(page.inertiaProps.stills)
  })

  test('a still that fails for good is announced too: the wait ends on it', async ({
    assert,
    cleanup,
  }) => {
    const sent: ProjectAnnouncement[] = []
    const broadcast = transmit.broadcast.bind(transmit)
    transmit.broadcast = (channel, payload) => {
      sent.push(payload as ProjectAnnouncement)
      broadcast(channel, payload)
    }
    cleanup(() => {
      transmit.broadcast = broadcast
    })
    const owner = await createAccount('stills.failed@example.com')
    const project = await createProject(owner, 2, { generationMode: 'ai-images-to-video' })
    // Both are being drawn, as the still job's first step leaves them.
    await Scene.query().where('project_id', project.id).update({ status: 'processing' })
    const [drawn, failing] = await Scene.query().where('project_id', project.id).orderBy('order')
    const scenes = new SceneLifecycle()

    await scenes.stillDrawn(drawn, { thumbnailKey: 'still.jpg', thumbnailPrompt: drawn.prompt })
    await scenes.stillFailed(failing, 'Content policy violation')
    await until(() => sent.length === 2, 10_000, 'both stills announced')

    assert.deepInclude(
      sent.map((event) => event.stills),
      { projectId: project.id, ready: 1, total: 2, settled: true }
    )
  })

  test('a failure does not overwrite an edit made meanwhile, nor a still already drawn', async ({
    assert,
  }) => {
    const owner = await createAccount('stills.late@example.com')
    const project = await createProject(owner, 2, { generationMode: 'ai-images-to-video' })
    const [edited, drawn] = await Scene.query().where('project_id', project.id).orderBy('order')
    const scenes = new SceneLifecycle()
    await scenes.begin(edited)
    await scenes.begin(drawn)
    // The creator edits the first scene while its still is drawn (back to waiting for a redraw),
    // which the job's copy of it does not know; a second attempt draws the other one before the
    // first attempt gives up.
    await Scene.query().where('id', edited.id).update({ status: 'pending' })
    await scenes.stillDrawn(drawn, { thumbnailKey: 'still.jpg', thumbnailPrompt: drawn.prompt })

    await scenes.stillFailed(edited, 'Content policy violation')
    await scenes.stillFailed(drawn, 'Content policy violation')

    await edited.refresh()
    await drawn.refresh()
    assert.equal(edited.status, 'pending')
    assert.isNull(edited.errorMessage)
    assert.equal(drawn.status, 'completed')
    assert.equal(drawn.thumbnailKey, 'still.jpg')
    assert.isNull(drawn.errorMessage)
  })
})
