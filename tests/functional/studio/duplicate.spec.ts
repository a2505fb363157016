import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#auth/models/user'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { createAccount } from '#tests/helpers/auth'
import {
  BLUE_SQUARE,
  GREEN_PORTRAIT,
  RED_LANDSCAPE,
  createPictureProject,
  storedPicture,
} from '#tests/helpers/pictures'
import { createProject } from '#tests/helpers/studio'

type ApiScene = { id: number; order: number; prompt: string; pictureId: number | null }

/** Five of the owner's pictures, each shown by a scene of a draft Image to Video project. */
async function fivePictureVideo(owner: User) {
  const shapes = [RED_LANDSCAPE, GREEN_PORTRAIT, BLUE_SQUARE, RED_LANDSCAPE, GREEN_PORTRAIT]
  const pictures: Picture[] = []
  for (const shape of shapes) pictures.push(await storedPicture(owner, shape))
  const project = await createPictureProject(owner, pictures)
  await project.merge({ status: 'done', progressPercent: 100 }).save()
  return { project, pictures }
}

test.group('Duplicate', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Image to Video: the copy keeps the mode, its five scenes and 25 credits, each with a copy of its picture', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('duplicate.pictures@example.com')
    const { project: source, pictures } = await fivePictureVideo(owner)

    const response = await client
      .post(`/api/projects/${source.id}/duplicate`)
      .loginAs(owner)
      .withCsrfToken()

    response.assertStatus(201)
    const copy = response.body()
    assert.notEqual(copy.id, source.id)
    assert.equal(copy.generation_mode, 'image-to-video')
    assert.equal(copy.status, 'draft')
    assert.equal(copy.creditsNeeded, 25)
    assert.lengthOf(copy.scenes, 5)
    const scenes = (copy.scenes as ApiScene[]).sort((a, b) => a.order - b.order)
    assert.deepEqual(
      scenes.map((scene) => scene.prompt),
      Array.from({ length: 5 }, (_, index) => `scene number ${index + 1}`)
    )
    // Each scene shows its own copy: the owner's, taken, with the original's bytes.
    const copies = await Picture.query().whereIn(
      'id',
      scenes.map((scene) => scene.pictureId!)
    )
    assert.lengthOf(copies, 5)
    const storage = new MediaStorage()
    for (const [index, scene] of scenes.entries()) {
      const picture = copies.find((row) => row.id === scene.pictureId)!
      assert.notInclude(
        pictures.map((original) => original.id),
        picture.id
      )
      assert.equal(picture.userId, owner.id)
      assert.isNotNull(picture.attachedAt)
      assert.deepEqual(
        Buffer.from(await storage.read(picture.key)),
        Buffer.from(await storage.read(pictures[index].key))
      )
    }

    // The storyboard's props say the same; the source keeps its own pictures.
    const page = await client.get(`/storyboard/${copy.id}`).loginAs(owner).withInertia()
    assert.equal(page.inertiaProps.project.generationMode, 'image-to-video')
    assert.equal(page.inertiaProps.project.creditsNeeded, 25)
    assert.lengthOf(page.inertiaProps.project.scenes, 5)
    const kept = await Scene.query().where('project_id', source.id).orderBy('order')
    assert.deepEqual(
      kept.map((scene) => scene.pictureId),
      pictures.map((picture) => picture.id)
    )
  })

  test('deleting the copy leaves the source its pictures', async ({ client, assert }) => {
    const owner = await createAccount('duplicate.delete@example.com')
    const { project: source, pictures } = await fivePictureVideo(owner)
    const copy = await client
      .post(`/api/projects/${source.id}/duplicate`)
      .loginAs(owner)
      .withCsrfToken()

    const deleted = await client
      .delete(`/api/projects/${copy.body().id}`)
      .loginAs(owner)
      .withCsrfToken()

    deleted.assertStatus(200)
    const storage = new MediaStorage()
    const left = await Picture.query().where('user_id', owner.id)
    assert.sameMembers(
      left.map((picture) => picture.id),
      pictures.map((picture) => picture.id)
    )
    for (const picture of pictures) assert.isTrue(await storage.exists(picture.key))
  })

  test('AI Images to Video: the copy keeps the mode and the same stills; one never drawn waits for its own', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('duplicate.stills@example.com')
    const source = await createProject(owner, 3, { generationMode: 'ai-images-to-video' })
    const storage = new MediaStorage()
    const sourceScenes = await Scene.query().where('project_id', source.id).orderBy('order')
    for (const scene of sourceScenes.slice(0, 2)) {
      const key = `projects/${source.id}/scenes/${scene.id}/still-1.jpg`
      await storage.put(key, Buffer.from(`still of scene ${scene.order}`), 'image/jpeg')
      await scene.merge({ thumbnailKey: key, thumbnailPrompt: scene.prompt }).save()
    }

    const response = await client
      .post(`/videos/${source.id}/duplicate`)
      .loginAs(owner)
      .withCsrfToken()
      .redirects(0)

    response.assertStatus(302)
    const copy = await Project.query()
      .where('user_id', owner.id)
      .whereNot('id', source.id)
      .firstOrFail()
    assert.equal(response.header('location'), `/storyboard/${copy.id}`)
    assert.equal(copy.generationMode, 'ai-images-to-video')
    const scenes = await Scene.query().where('project_id', copy.id).orderBy('order')
    assert.lengthOf(scenes, 3)
    for (const [index, scene] of scenes.slice(0, 2).entries()) {
      assert.equal(scene.status, 'completed')
      assert.equal(scene.thumbnailPrompt, scene.prompt)
      assert.isTrue(scene.thumbnailKey!.startsWith(`projects/${copy.id}/scenes/${scene.id}/`))
      assert.equal(
        Buffer.from(await storage.read(scene.thumbnailKey!)).toString(),
        `still of scene ${index + 1}`
      )
    }
    assert.equal(scenes[2].status, 'pending')
    assert.isNull(scenes[2].thumbnailKey)
    const page = await client.get(`/storyboard/${copy.id}`).loginAs(owner).withInertia()
    assert.deepEqual(
      page.inertiaProps.project.scenes.map(
        (scene: { thumbnailUrl: string | null }) => scene.thumbnailUrl !== null
      ),
      [true, true, false]
    )
  })

  test('Text to Video: the copy has the scenes as edited, in order, and the same credits', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('duplicate.text@example.com')
    const source = await createProject(owner, 4)
    await Scene.query()
      .where('project_id', source.id)
      .where('order', 2)
      .update({ prompt: 'An edited scene.' })

    const response = await client
      .post(`/api/projects/${source.id}/duplicate`)
      .loginAs(owner)
      .withCsrfToken()

    response.assertStatus(201)
    const copy = response.body()
    assert.equal(copy.generation_mode, 'text-to-video')
    assert.equal(copy.creditsNeeded, 20)
    assert.equal(copy.script, 'scene number 1 An edited scene. scene number 3 scene number 4')
    assert.deepEqual(
      (copy.scenes as ApiScene[]).sort((a, b) => a.order - b.order).map((scene) => scene.pictureId),
      [null, null, null, null]
    )
  })

  test("another user's video cannot be duplicated", async ({ client, assert }) => {
    const owner = await createAccount('duplicate.owner@example.com')
    const stranger = await createAccount('duplicate.stranger@example.com')
    const { project: source } = await fivePictureVideo(owner)

    const response = await client
      .post(`/api/projects/${source.id}/duplicate`)
      .loginAs(stranger)
      .withCsrfToken()

    response.assertStatus(404)
    const theirs = await Project.query().where('user_id', stranger.id)
    assert.lengthOf(theirs, 0)
  })
})
