import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import sharp from 'sharp'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { STYLES } from '#studio/styles'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createTrack, generateAll, projectBody } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

test.group('Studio: projects', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.setup(async () => {
    const queues = await app.container.make(QueueService)
    await queues.queue(GenerateSceneStillJob.queueName).obliterate({ force: true })
  })

  test('POST /api/projects creates a draft cut into 5-second styled scenes', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('maker@example.com')
    const track = await createTrack()
    const script = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')

    const response = await client
      .post('/api/projects')
      .json(
        projectBody({ script, music: { id: track.id, url: 'x', mode: 'track', mood: 'chill' } })
      )
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(201)
    const project = await Project.query()
      .where('id', response.body().id)
      .preload('scenes')
      .firstOrFail()
    assert.equal(project.userId, user.id)
    assert.equal(project.status, 'draft')
    assert.equal(project.styleTemplate, STYLES.noir.template)
    assert.deepEqual(project.music, {
      id: track.id,
      url: '/music/test-bed.mp3',
      mode: 'track',
      mood: 'chill',
    })
    assert.deepEqual(
      project.scenes.map((scene) => [scene.order, scene.duration, scene.status]),
      [
        [1, 5, 'pending'],
        [2, 5, 'pending'],
        [3, 5, 'pending'],
      ]
    )
    assert.isTrue(project.scenes[0].prompt.startsWith('w0 w1'))
  })

  test('the storyboard cuts a sentence before a phrase of the narration language', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('lector@example.com')
    const script =
      'El viejo pescador lleva cada mañana su barco azul a la bahía tranquila llena de peces plateados del norte lejano.'

    const response = await client
      .post('/api/projects')
      .json(
        projectBody({ script, voice: { id: 'es+f2', provider: 'espeak', language: 'spanish' } })
      )
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(201)
    const scenes = await Scene.query().where('project_id', response.body().id).orderBy('order')
    assert.deepEqual(
      scenes.map((scene) => scene.prompt),
      [
        'El viejo pescador lleva cada mañana su barco azul',
        'a la bahía tranquila llena de peces plateados del norte lejano.',
      ]
    )
  })

  test('bad input answers 422 with a clear message and leaves nothing behind', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('careful@example.com')
    const cases: [Record<string, unknown>, string][] = [
      [{ script: '   ' }, 'Please write a script first.'],
      [{ script: '?! ...' }, 'Please write a script first.'],
      [{ script: 'word '.repeat(2001) }, 'Scripts are limited to 10,000 characters.'],
      [{ style: 'vaporwave' }, 'Unknown style.'],
      [{ aspect_ratio: '4:3' }, 'Unknown aspect ratio. Choose 9:16, 1:1 or 16:9.'],
      [{ voice: { id: 'nobody', provider: 'espeak' } }, 'Unknown voice.'],
      [{ music: { id: 999999, mode: 'track' } }, 'Unknown music track.'],
      [{ generation_mode: 'image-to-video' }, 'Add at least one picture.'],
      [{ target_seconds: 31 }, 'Unknown script length.'],
    ]

    for (const [overrides, message] of cases) {
      const response = await client
        .post('/api/projects')
        .json(projectBody(overrides))
        .loginAs(user)
        .withCsrfToken()
      response.assertStatus(422)
      response.assertBodyContains({ message })
    }
    assert.lengthOf(await Project.all(), 0)
  })

  test('projects and their scenes are visible to their owner only', async ({ client }) => {
    const owner = await createAccount('owner@example.com')
    const stranger = await createAccount('stranger@example.com')
    const project = await createProject(owner, 2)

    const mine = await client.get(`/api/projects/${project.id}`).loginAs(owner)
    const theirs = await client.get(`/api/projects/${project.id}`).loginAs(stranger)
    const theirScenes = await client.get(`/api/projects/${project.id}/scenes`).loginAs(stranger)
    const theirRender = await generateAll(client, stranger, project.id)
    const signedOut = await client.get(`/api/projects/${project.id}`)

    mine.assertStatus(200)
    mine.assertBodyContains({ id: project.id, status: 'draft', duration: 10, aspect_ratio: '9:16' })
    theirs.assertStatus(404)
    theirScenes.assertStatus(404)
    theirRender.assertStatus(404)
    signedOut.assertStatus(401)
  })

  test('the scene list carries an ETag and answers 304 until something changes', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('poller@example.com')
    const project = await createProject(owner, 2)

    const first = await client.get(`/api/projects/${project.id}/scenes`).loginAs(owner)
    const etag = first.header('etag')
    const unchanged = await client
      .get(`/api/projects/${project.id}/scenes`)
      .header('if-none-match', etag!)
      .loginAs(owner)
    await Scene.query()
      .where('project_id', project.id)
      .where('order', 1)
      .update({ status: 'completed' })
    const changed = await client
      .get(`/api/projects/${project.id}/scenes`)
      .header('if-none-match', etag!)
      .loginAs(owner)

    first.assertStatus(200)
    assert.lengthOf(first.body(), 2)
    unchanged.assertStatus(304)
    changed.assertStatus(200)
    assert.notEqual(changed.header('etag'), etag)
  })

  test('ai-images-to-video queues a still per scene; the worker draws them at the aspect ratio', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('images@example.com')
    const queues = await app.container.make(QueueService)
    const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
      GenerateSceneStillJob,
    ])
    cleanup(() => worker.stop())

    const response = await client
      .post('/api/projects')
      .json(projectBody({ generation_mode: 'ai-images-to-video', aspect_ratio: '16:9' }))
      .loginAs(user)
      .withCsrfToken()
    response.assertStatus(201)
    await worker.start()

    const projectId = response.body().id
    let scenes: { status: string; thumbnailUrl: string | null }[] = []
    await until(
      async () => {
        const poll = await client.get(`/api/projects/${projectId}/scenes`).loginAs(user)
        scenes = poll.body()
        return scenes.every((scene) => scene.status === 'completed')
      },
      20_000,
      () => `every still drawn: ${JSON.stringify(scenes)}`,
      200
    )

    assert.isTrue(
      scenes.every((scene) => scene.status === 'completed'),
      JSON.stringify(scenes)
    )
    const stillUrl = new URL(scenes[0].thumbnailUrl!, 'http://localhost')
    const still = await client.get(stillUrl.pathname + stillUrl.search)
    still.assertStatus(200)
    const metadata = await sharp(Buffer.from(still.body() as ArrayBuffer)).metadata()
    assert.equal(metadata.format, 'jpeg')
    assert.closeTo(metadata.width! / metadata.height!, 16 / 9, 0.01)
    assert.equal(metadata.width, 1080)
  })

  test('a still URL without its signature is refused', async ({ client }) => {
    const response = await client.get('/uploads/projects/1/scenes/1/still-1.jpg')
    response.assertStatus(401)
  })

  test('POST /api/generate-script writes a script of the requested length', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('writer@example.com')

    const response = await client
      .post('/api/generate-script')
      .json({
        prompt: 'a day in the life of a beekeeper',
        style: 'cinematic',
        targetLength: 30,
        mood: 'engaging',
      })
      .loginAs(user)
      .withCsrfToken()
    const missing = await client
      .post('/api/generate-script')
      .json({ prompt: '', targetLength: 30 })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    const words = response.body().script.split(/\s+/).length
    assert.approximately(words, 75, 10)
    assert.notProperty(response.body(), 'voiceOver')
    missing.assertStatus(422)
    missing.assertBodyContains({ message: 'Please describe your video.' })
  })
})
