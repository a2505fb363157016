import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Scene from '#studio/models/scene'
import { ProjectFactory } from '#database/factories/project_factory'
import { MediaStorage } from '#media/services/media_storage'
import { createAccount } from '#tests/helpers/auth'
import { createProject, sceneOrders } from '#tests/helpers/studio'

test.group('Studio: scenes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PATCH edits the prompt and sends the scene back to pending; duration stays 5', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('editor@example.com')
    const project = await createProject(owner, 2)
    const scene = await Scene.query()
      .where('project_id', project.id)
      .where('order', 1)
      .firstOrFail()
    await scene.merge({ status: 'completed' }).save()

    const edited = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: 'A red kite over the dunes', duration: 5 })
      .loginAs(owner)
      .withCsrfToken()
    const longer = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: 'x', duration: 6 })
      .loginAs(owner)
      .withCsrfToken()
    const empty = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: '   ' })
      .loginAs(owner)
      .withCsrfToken()

    edited.assertStatus(200)
    edited.assertBodyContains({
      prompt: 'A red kite over the dunes',
      status: 'pending',
      duration: 5,
    })
    longer.assertStatus(422)
    longer.assertBodyContains({ message: 'Each scene is 5 seconds.' })
    empty.assertStatus(422)
    empty.assertBodyContains({ message: 'A scene needs a prompt.' })
    await scene.refresh()
    assert.equal(scene.prompt, 'A red kite over the dunes')
  })

  test('deleting a scene keeps the order dense and removes its files', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('cutter@example.com')
    const project = await createProject(owner, 4)
    const second = await Scene.query()
      .where('project_id', project.id)
      .where('order', 2)
      .firstOrFail()
    const storage = new MediaStorage()
    const files = ['still.jpg', 'clip-source.jpg', 'segment.mp4'].map(
      (name) => `projects/${project.id}/scenes/${second.id}/${name}`
    )
    for (const key of files) await storage.put(key, Buffer.from('bytes'), 'image/jpeg')
    const [thumbnailKey, clipSourceKey, videoKey] = files
    await second.merge({ thumbnailKey, clipSourceKey, videoKey }).save()

    const response = await client.delete(`/api/scenes/${second.id}`).loginAs(owner).withCsrfToken()

    response.assertStatus(200)
    assert.deepEqual(await sceneOrders(project.id), [
      [1, 1],
      [2, 3],
      [3, 4],
    ])
    for (const key of files) assert.isFalse(await storage.exists(key), key)
  })

  test('adding a scene at a position shifts the later ones', async ({ client, assert }) => {
    const owner = await createAccount('adder@example.com')
    const project = await createProject(owner, 2)

    const atTop = await client
      .post('/api/scenes')
      .json({ projectId: project.id, prompt: 'Opening shot', duration: 5, order: 1 })
      .loginAs(owner)
      .withCsrfToken()
    const atEnd = await client
      .post('/api/scenes')
      .json({ projectId: project.id, prompt: 'Closing shot', duration: 5 })
      .loginAs(owner)
      .withCsrfToken()

    atTop.assertStatus(201)
    atTop.assertBodyContains({ order: 1, status: 'pending', duration: 5 })
    atEnd.assertBodyContains({ order: 4 })
    assert.deepEqual(await sceneOrders(project.id), [
      [1, 'Opening shot'],
      [2, 1],
      [3, 2],
      [4, 'Closing shot'],
    ])
  })

  test('bad scene input is refused with a message', async ({ client }) => {
    const owner = await createAccount('strict@example.com')
    const project = await createProject(owner, 3)
    const cases: [Record<string, unknown>, string][] = [
      [{ order: 0 }, 'Scene order must be a positive number.'],
      [{ order: -3 }, 'Scene order must be a positive number.'],
      [{ order: 99_999 }, 'Scene order is too large.'],
      [{ order: 10 }, 'Scene order must be between 1 and 4.'],
      [{ duration: 10 }, 'Each scene is 5 seconds.'],
      [{ prompt: '' }, 'A scene needs a prompt.'],
    ]

    for (const [overrides, message] of cases) {
      const response = await client
        .post('/api/scenes')
        .json({ projectId: project.id, prompt: 'ok', duration: 5, ...overrides })
        .loginAs(owner)
        .withCsrfToken()
      response.assertStatus(422)
      response.assertBodyContains({ message })
    }
  })

  test("another user's scenes and projects answer 404 and stay untouched", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('victim@example.com')
    const stranger = await createAccount('stranger@example.com')
    const project = await createProject(owner, 2)
    const scene = await Scene.query().where('project_id', project.id).firstOrFail()

    const responses = [
      await client
        .patch(`/api/scenes/${scene.id}`)
        .json({ prompt: 'hijack' })
        .loginAs(stranger)
        .withCsrfToken(),
      await client.delete(`/api/scenes/${scene.id}`).loginAs(stranger).withCsrfToken(),
      await client.post(`/api/scenes/${scene.id}/generate`).loginAs(stranger).withCsrfToken(),
      await client
        .post('/api/scenes')
        .json({ projectId: project.id, prompt: 'intruder', duration: 5 })
        .loginAs(stranger)
        .withCsrfToken(),
    ]

    for (const response of responses) {
      response.assertStatus(404)
    }
    assert.deepEqual(await sceneOrders(project.id), [
      [1, 1],
      [2, 2],
    ])
  })

  test('scenes of a project being generated cannot be edited, deleted or redrawn', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('busy@example.com')
    const project = await ProjectFactory.merge({ userId: owner.id })
      .apply('processing')
      .with('scenes', 1)
      .create()
    const [scene] = project.scenes

    const edited = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: 'late change' })
      .loginAs(owner)
      .withCsrfToken()
    const deleted = await client.delete(`/api/scenes/${scene.id}`).loginAs(owner).withCsrfToken()
    const redrawn = await client
      .post(`/api/scenes/${scene.id}/generate`)
      .loginAs(owner)
      .withCsrfToken()

    for (const response of [edited, deleted, redrawn]) {
      response.assertStatus(409)
      response.assertBody({ message: 'This project is being generated; wait or cancel first.' })
    }
    await scene.refresh()
    assert.deepInclude(scene.$attributes, { prompt: scene.prompt, status: 'pending' })
  })

  test('POST /api/scenes/:id/generate queues the still and marks the scene pending', async ({
    client,
  }) => {
    const owner = await createAccount('gen@example.com')
    const project = await ProjectFactory.merge({ userId: owner.id })
      .with('scenes', 1, (scenes) => scenes.apply('failed'))
      .create()
    const [scene] = project.scenes

    const response = await client
      .post(`/api/scenes/${scene.id}/generate`)
      .loginAs(owner)
      .withCsrfToken()
    const after = await client.get(`/api/projects/${project.id}/scenes`).loginAs(owner)

    response.assertStatus(202)
    after.assertBodyContains([{ status: 'pending', errorMessage: null }])
  })
})

test.group('Studio: redirect pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("A link's query prefills /setup field by field; an unusable value is left out alone", async ({
    client,
  }) => {
    const owner = await createAccount('duplicate@example.com')

    const usable = await client
      .get('/setup?prompt=A%20fox%20in%20the%20snow&style=noir&duration=60')
      .withInertia()
      .loginAs(owner)
    const mixed = await client
      .get('/setup?prompt=A%20fox%20in%20the%20snow&style=sepia&duration=25')
      .withInertia()
      .loginAs(owner)

    usable.assertInertiaPropsContains({
      prefill: { prompt: 'A fox in the snow', style: 'noir', duration: 60 },
    })
    mixed.assertInertiaPropsContains({
      prefill: { prompt: 'A fox in the snow', style: null, duration: null },
    })
  })

  test('/create and /start show their redirect message and head to /setup', async ({ client }) => {
    const user = await createAccount('redirects@example.com')

    const create = await client.get('/create').withInertia().loginAs(user)
    const start = await client.get('/start').withInertia().loginAs(user)

    create.assertInertiaComponent('studio/redirect')
    create.assertInertiaPropsContains({ message: 'Redirecting...', to: '/setup' })
    start.assertInertiaPropsContains({ message: 'Redirecting to Setup...', to: '/setup' })
  })
})
