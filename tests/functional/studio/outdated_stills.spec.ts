import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import Scene from '#studio/models/scene'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { MediaStorage } from '#media/services/media_storage'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createProject, generateAll, startRenderWorker, waitForStatus } from '#tests/helpers/studio'

/** Draws a scene's still the way the storyboard's Generate does. */
async function drawStill(scene: Scene) {
  const job = await app.container.make(GenerateSceneStillJob)
  await job.handle({ sceneId: scene.id }, { attemptsMade: 0, opts: {} } as never)
  await scene.refresh()
}

test.group('Studio: a still drawn before an edit is marked outdated', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('editing a scene marks its still outdated until it is drawn again', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('outdated@example.com')
    const project = await createProject(owner, 2)
    const [scene, other] = await Scene.query().where('project_id', project.id).orderBy('order')
    await drawStill(scene)
    await drawStill(other)

    const edited = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: 'A lighthouse on a cliff at night' })
      .loginAs(owner)
      .withCsrfToken()
    const afterEdit = await client.get(`/api/projects/${project.id}`).loginAs(owner)

    edited.assertStatus(200)
    edited.assertBodyContains({ stillOutdated: true })
    assert.isString(edited.body().thumbnailUrl, 'the old picture stays visible, marked')
    const flags = afterEdit.body().scenes.map((row: Scene) => row.stillOutdated)
    assert.deepEqual(flags, [true, false])

    await drawStill(scene)
    const redrawn = await client.get(`/api/projects/${project.id}`).loginAs(owner)
    assert.isFalse(redrawn.body().scenes[0].stillOutdated)
  })

  test("a scene's lasting address sends its owner to the current picture, and nobody else", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('lasting@example.com')
    const stranger = await createAccount('stranger@example.com')
    const project = await createProject(owner, 2)
    const [scene, blank] = await Scene.query().where('project_id', project.id).orderBy('order')
    await drawStill(scene)

    const mine = await client.get(`/scenes/${scene.id}/media`).loginAs(owner).redirects(0)
    const location = mine.header('location') ?? ''
    const picture = await client.get(location).redirects(0)
    const notMine = await client.get(`/scenes/${scene.id}/media`).loginAs(stranger).redirects(0)
    const signedOut = await client.get(`/scenes/${scene.id}/media`).redirects(0)
    const noPicture = await client.get(`/scenes/${blank.id}/media`).loginAs(owner).redirects(0)

    mine.assertStatus(302)
    assert.match(location, /^\/uploads\/.+signature=/)
    picture.assertStatus(200)
    assert.equal(picture.header('content-type'), 'image/jpeg')
    notMine.assertStatus(404)
    signedOut.assertStatus(302)
    assert.equal(signedOut.header('location'), '/auth')
    noPicture.assertStatus(404)
  })

  test('the render draws an edited scene anew instead of reusing its old still', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const owner = await createAccount('redraw@example.com')
    await grantCredits(owner, 10)
    const project = await createProject(owner, 2)
    const [scene] = await Scene.query().where('project_id', project.id).orderBy('order')
    await drawStill(scene)
    const oldStill = scene.thumbnailKey!
    const edit = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ prompt: 'A tram climbs a narrow street' })
      .loginAs(owner)
      .withCsrfToken()
    const started = await generateAll(client, owner, project.id)
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)

    edit.assertStatus(200)
    started.assertStatus(202)
    assert.equal(done.status, 'done', done.error ?? '')
    await scene.refresh()
    assert.notEqual(scene.thumbnailKey, oldStill)
    assert.equal(scene.thumbnailPrompt, 'A tram climbs a narrow street')
    assert.isFalse(scene.stillOutdated)
    assert.isFalse(await new MediaStorage().exists(oldStill), 'the old still is deleted')
  })
})
