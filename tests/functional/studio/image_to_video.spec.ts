import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import User from '#auth/models/user'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { accountOf, watchHealth } from '#tests/helpers/billing'
import { createProject, projectBody } from '#tests/helpers/studio'
import {
  BLUE_SQUARE,
  GREEN_PORTRAIT,
  RED_LANDSCAPE,
  storedPicture,
  uploadPicture,
  type PictureShape,
} from '#tests/helpers/pictures'
import { ScenePictures } from '#studio/services/scene_pictures'
import { renderSizeFor } from '#studio/render/render_settings'
import { framePictureIn, type Focus } from '#media/public/picture_framing'
import { compositionDistance } from '#tests/helpers/frames'
import { photoLike } from '#tests/helpers/photos'

const THREE_SENTENCES =
  'A red fox wakes under the old oak tree. She trots across the frosty meadow. The sun rises over the quiet hills.'

function pictureProject(pictureIds: number[], overrides: Record<string, unknown> = {}) {
  return projectBody({
    generation_mode: 'image-to-video',
    picture_ids: pictureIds,
    script: THREE_SENTENCES,
    ...overrides,
  })
}

async function picturesOf(owner: User, shapes: PictureShape[]) {
  const pictures: Picture[] = []
  for (const shape of shapes) pictures.push(await storedPicture(owner, shape))
  return pictures
}

async function scenesOf(projectId: number) {
  return Scene.query().where('project_id', projectId).orderBy('order')
}

test.group('Studio: Image to Video projects', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each picture becomes a 5-second scene in order, the script cut at its sentences', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('pictures@example.com')
    const pictures = await picturesOf(owner, [RED_LANDSCAPE, GREEN_PORTRAIT, BLUE_SQUARE])

    const response = await client
      .post('/api/projects')
      .json(pictureProject(pictures.map((picture) => picture.id)))
      .loginAs(owner)
      .withCsrfToken()

    response.assertStatus(201)
    const scenes = await scenesOf(response.body().id)
    assert.deepEqual(
      scenes.map((scene) => [scene.order, scene.pictureId, scene.prompt, scene.duration]),
      [
        [1, pictures[0].id, 'A red fox wakes under the old oak tree.', 5],
        [2, pictures[1].id, 'She trots across the frosty meadow.', 5],
        [3, pictures[2].id, 'The sun rises over the quiet hills.', 5],
      ]
    )
    for (const picture of pictures) {
      await picture.refresh()
      assert.isNotNull(picture.attachedAt)
    }
    const shown = await client.get(`/api/projects/${response.body().id}`).loginAs(owner)
    shown.assertStatus(200)
    for (const [index, scene] of (shown.body().scenes as { thumbnailUrl: string }[]).entries()) {
      assert.include(scene.thumbnailUrl, pictures[index].thumbnailKey)
    }
  })

  test('the storyboard frames a picture as the render does: the same window around its subject', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('framing@example.com')
    // A landscape photo whose house, its subject, stands at 80 % of its width.
    const photo = await photoLike(1600, 900, 0.8)
    const { registered } = await uploadPicture(client, owner, photo)
    registered.assertStatus(201)
    const pictureId = registered.body().picture.id as number

    const created = await client
      .post('/api/projects')
      .json(pictureProject([pictureId], { script: 'A house stands at the edge of the field.' }))
      .loginAs(owner)
      .withCsrfToken()
    created.assertStatus(201)
    const shown = await client.get(`/api/projects/${created.body().id}`).loginAs(owner)

    shown.assertStatus(200)
    const [scene] = shown.body().scenes as {
      picture: { width: number; height: number; focus: Focus }
    }[]
    assert.deepEqual([scene.picture.width, scene.picture.height], [1600, 900])
    assert.closeTo(scene.picture.focus.x, 0.8, 0.1)
    // What the storyboard shows: that window of the picture, in the video's shape.
    const framing = framePictureIn(scene.picture, { width: 9, height: 16 }, scene.picture.focus)
    assert.equal(framing.fit, 'fill')
    const window = framing.fit === 'fill' ? framing.window : null
    const storyboard = await sharp(photo)
      .extract({
        left: Math.round(window!.left * 1600),
        top: 0,
        width: Math.round(window!.width * 1600),
        height: 900,
      })
      .png()
      .toBuffer()
    // What the render animates, at 2160p as at 720p.
    const project = await Project.query()
      .where('id', created.body().id)
      .preload('scenes')
      .firstOrFail()
    const pictures = await app.container.make(ScenePictures)
    for (const quality of ['720p', '2160p'] as const) {
      const rendered = await pictures.framed(
        project,
        project.scenes[0],
        renderSizeFor('9:16', quality)
      )
      assert.isBelow(await compositionDistance(rendered, storyboard), 3, quality)
    }
    // A centred crop, what the storyboard showed before, is another picture.
    const centred = await sharp(photo).resize(506, 900, { fit: 'cover' }).png().toBuffer()
    assert.isAbove(await compositionDistance(centred, storyboard), 10)
  })

  test('the estimate is exactly the charge: 5 credits a picture, for 1, 3 and 30 pictures', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('estimate@example.com')
    await grantCredits(owner, 1000)
    for (const count of [1, 3, 30]) {
      const pictures = await picturesOf(
        owner,
        Array.from({ length: count }, () => ({ width: 64, height: 64, background: '#888888' }))
      )
      const script = Array.from({ length: count }, (_, i) => `Picture ${i + 1} here.`).join(' ')
      const created = await client
        .post('/api/projects')
        .json(
          pictureProject(
            pictures.map((picture) => picture.id),
            { script }
          )
        )
        .loginAs(owner)
        .withCsrfToken()
      created.assertStatus(201)
      const { credits: before } = await accountOf(owner)
      const started = await client
        .post(`/api/projects/${created.body().id}/generate-all`)
        .loginAs(owner)
        .withCsrfToken()
      started.assertStatus(202)
      const { credits: after } = await accountOf(owner)
      assert.equal(before - after, count * 5, `${count} pictures`)
    }
  })

  test('another user’s, unknown or already used pictures are refused and nothing is created', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('mine@example.com')
    const stranger = await createAccount('theirs@example.com')
    const [mine] = await picturesOf(owner, [RED_LANDSCAPE])
    const [theirs] = await picturesOf(stranger, [GREEN_PORTRAIT])
    const used = await client
      .post('/api/projects')
      .json(pictureProject([mine.id], { script: 'A red field.' }))
      .loginAs(owner)
      .withCsrfToken()
    used.assertStatus(201)
    const projectsBefore = await Project.query().where('user_id', owner.id)
    const [fresh] = await picturesOf(owner, [BLUE_SQUARE])

    for (const ids of [[theirs.id], [fresh.id, 2_000_000_000], [mine.id]]) {
      const refused = await client
        .post('/api/projects')
        .json(pictureProject(ids, { script: 'A blue square. And more words.' }))
        .loginAs(owner)
        .withCsrfToken()
      refused.assertStatus(422)
      refused.assertBodyContains({
        message: 'One of the pictures is not available any more: upload it again.',
      })
    }
    assert.lengthOf(await Project.query().where('user_id', owner.id), projectsBefore.length)
    await fresh.refresh()
    assert.isNull(fresh.attachedAt, 'a refused project takes no picture')
  })

  test('missing, too many, repeated or hostile picture ids get a clear 422', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('hostile-ids@example.com')
    const cases: [unknown, string][] = [
      [undefined, 'Add at least one picture.'],
      [null, 'Add at least one picture.'],
      [[], 'Add at least one picture.'],
      [Array.from({ length: 31 }, (_, i) => i + 1), 'A video takes at most 30 pictures.'],
      [[5, 5], 'Each picture can be used once.'],
      [[2 ** 31], 'Picture not found'],
      [[1e308], 'Picture not found'],
      [['NaN'], 'Picture not found'],
      [{ 0: 1 }, 'The picture_ids field must be an array'],
    ]
    for (const [ids, message] of cases) {
      const response = await client
        .post('/api/projects')
        .json(pictureProject([], { picture_ids: ids }))
        .loginAs(owner)
        .withCsrfToken()
      response.assertStatus(422)
      assert.include(response.text(), message, JSON.stringify(ids))
    }
  })

  test('the script must give each picture a word and fit the pictures’ time', async ({
    client,
  }) => {
    const owner = await createAccount('words@example.com')
    const pictures = await picturesOf(owner, [RED_LANDSCAPE, GREEN_PORTRAIT, BLUE_SQUARE])
    const ids = pictures.map((picture) => picture.id)
    const short = await client
      .post('/api/projects')
      .json(pictureProject(ids, { script: 'Two words.' }))
      .loginAs(owner)
      .withCsrfToken()
    const long = await client
      .post('/api/projects')
      .json(pictureProject(ids, { script: 'word '.repeat(38) }))
      .loginAs(owner)
      .withCsrfToken()
    short.assertStatus(422)
    short.assertBodyContains({ message: 'Write at least one word for each picture (3 in all).' })
    long.assertStatus(422)
    long.assertBodyContains({
      message:
        'The script is too long for its pictures: at most 37 words (about 12 a picture). Add pictures or shorten it.',
    })
  })

  test('pictures belong to Image to Video: other modes refuse them', async ({ client }) => {
    const owner = await createAccount('modes@example.com')
    const [picture] = await picturesOf(owner, [RED_LANDSCAPE])
    const response = await client
      .post('/api/projects')
      .json(projectBody({ picture_ids: [picture.id] }))
      .loginAs(owner)
      .withCsrfToken()
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Pictures are for Image to Video projects.' })
  })
})

/**
 * No global transaction here: the requests really race, each in its own
 * transaction on its own connection, so the test cleans up after itself.
 */
test.group('Studio: Image to Video under concurrency', (group) => {
  let owner: User | null = null

  group.each.teardown(async () => {
    if (!owner) return
    const storage = new MediaStorage()
    for (const picture of await Picture.query().where('user_id', owner.id)) {
      await storage.delete(picture.key)
      await storage.delete(picture.thumbnailKey)
    }
    await User.query().where('id', owner.id).delete()
    owner = null
  })

  test('8 projects racing for the same pictures (the per-user creation limit allows 10): exactly one gets them, and /health answers throughout', async ({
    client,
    assert,
  }) => {
    owner = await createAccount('race@example.com')
    const pictures = await picturesOf(owner, [RED_LANDSCAPE, GREEN_PORTRAIT])
    const ids = pictures.map((picture) => picture.id)
    const health = watchHealth()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        client
          .post('/api/projects')
          .json(pictureProject(ids, { script: 'A red field. A green tower.' }))
          .loginAs(owner!)
          .withCsrfToken()
      )
    )
    const seen = await health()

    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    assert.deepEqual(answers.map((answer) => answer.status()).sort(), [
      201,
      ...Array.from({ length: 7 }, () => 422),
    ])
    const scenes = await Scene.query().whereIn('picture_id', ids)
    assert.lengthOf(scenes, 2)
  })
})

test.group('Studio: Image to Video storyboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function pictureStoryboard(email: string) {
    const owner = await createAccount(email)
    const pictures = await picturesOf(owner, [RED_LANDSCAPE, GREEN_PORTRAIT, BLUE_SQUARE])
    const project = await createProject(owner, 0, { generationMode: 'image-to-video' })
    for (const [index, picture] of pictures.entries()) {
      await Scene.create({
        projectId: project.id,
        prompt: `scene number ${index + 1}`,
        duration: 5,
        order: index + 1,
        status: 'pending',
        pictureId: picture.id,
      })
      await picture.merge({ attachedAt: picture.createdAt }).save()
    }
    return { owner, pictures, project }
  }

  test('replacing a scene’s picture shows the new one and deletes the old one', async ({
    client,
    assert,
  }) => {
    const { owner, pictures, project } = await pictureStoryboard('replace@example.com')
    const [first] = await scenesOf(project.id)
    await first.merge({ clipSourceKey: `projects/${project.id}/old-source.jpg` }).save()
    const replacement = await storedPicture(owner, {
      width: 200,
      height: 100,
      background: '#f0c020',
    })

    const response = await client
      .patch(`/api/scenes/${first.id}`)
      .json({ pictureId: replacement.id })
      .loginAs(owner)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBodyContains({ pictureId: replacement.id, status: 'pending' })
    await first.refresh()
    assert.equal(first.pictureId, replacement.id)
    assert.isNull(first.clipSourceKey, 'the next render frames the new picture')
    assert.isNull(await Picture.find(pictures[0].id))
    const storage = new MediaStorage()
    assert.isFalse(await storage.exists(pictures[0].key))
    assert.isFalse(await storage.exists(pictures[0].thumbnailKey))
    await replacement.refresh()
    assert.isNotNull(replacement.attachedAt)
  })

  test('a scene is added from a new picture; without one an Image to Video scene is refused', async ({
    client,
    assert,
  }) => {
    const { owner, project } = await pictureStoryboard('add@example.com')
    const extra = await storedPicture(owner, { width: 100, height: 300, background: '#a020f0' })
    const added = await client
      .post('/api/scenes')
      .json({ projectId: project.id, prompt: 'A purple tower at dusk.', pictureId: extra.id })
      .loginAs(owner)
      .withCsrfToken()
    const bare = await client
      .post('/api/scenes')
      .json({ projectId: project.id, prompt: 'No picture here.' })
      .loginAs(owner)
      .withCsrfToken()

    added.assertStatus(201)
    added.assertBodyContains({ order: 4, pictureId: extra.id })
    bare.assertStatus(422)
    bare.assertBodyContains({ message: 'Choose a picture for this scene.' })
    assert.lengthOf(await scenesOf(project.id), 4)
  })

  test('another user’s picture or a used one cannot be put on a scene', async ({
    client,
    assert,
  }) => {
    const { owner, pictures, project } = await pictureStoryboard('steal@example.com')
    const stranger = await createAccount('stranger@example.com')
    const theirs = await storedPicture(stranger, RED_LANDSCAPE)
    const [first] = await scenesOf(project.id)
    for (const pictureId of [theirs.id, pictures[1].id]) {
      const response = await client
        .patch(`/api/scenes/${first.id}`)
        .json({ pictureId })
        .loginAs(owner)
        .withCsrfToken()
      response.assertStatus(422)
      response.assertBodyContains({
        message: 'That picture is not available: upload it again for this scene.',
      })
    }
    await first.refresh()
    assert.equal(first.pictureId, pictures[0].id)
    await theirs.refresh()
    assert.isNull(theirs.attachedAt)
  })

  test('scenes are reordered by moving one: the others shift, the order stays 1..n', async ({
    client,
    assert,
  }) => {
    const { owner, pictures, project } = await pictureStoryboard('reorder@example.com')
    const [first] = await scenesOf(project.id)
    const moved = await client
      .patch(`/api/scenes/${first.id}`)
      .json({ order: 3 })
      .loginAs(owner)
      .withCsrfToken()
    const beyond = await client
      .patch(`/api/scenes/${first.id}`)
      .json({ order: 4 })
      .loginAs(owner)
      .withCsrfToken()

    moved.assertStatus(200)
    beyond.assertStatus(422)
    beyond.assertBodyContains({ message: 'Scene order must be between 1 and 3.' })
    const scenes = await scenesOf(project.id)
    assert.deepEqual(
      scenes.map((scene) => [scene.order, scene.pictureId]),
      [
        [1, pictures[1].id],
        [2, pictures[2].id],
        [3, pictures[0].id],
      ]
    )
  })

  test('deleting a scene or the project deletes the pictures it showed', async ({
    client,
    assert,
  }) => {
    const { owner, pictures, project } = await pictureStoryboard('cleanup@example.com')
    const storage = new MediaStorage()
    const [first] = await scenesOf(project.id)
    const removed = await client.delete(`/api/scenes/${first.id}`).loginAs(owner).withCsrfToken()
    removed.assertStatus(200)
    assert.isNull(await Picture.find(pictures[0].id))
    assert.isFalse(await storage.exists(pictures[0].key))

    const gone = await client.delete(`/api/projects/${project.id}`).loginAs(owner).withCsrfToken()
    gone.assertStatus(200)
    const left = await db.from('pictures').where('user_id', owner.id).count('* as count')
    assert.equal(Number(left[0].count), 0)
    for (const picture of pictures) {
      assert.isFalse(await storage.exists(picture.key))
      assert.isFalse(await storage.exists(picture.thumbnailKey))
    }
  })

  test('a picture scene has no still to draw; pictures do not go on other modes’ scenes', async ({
    client,
  }) => {
    const { owner, project } = await pictureStoryboard('nostill@example.com')
    const [first] = await scenesOf(project.id)
    const drawn = await client
      .post(`/api/scenes/${first.id}/generate`)
      .loginAs(owner)
      .withCsrfToken()
    drawn.assertStatus(422)
    drawn.assertBodyContains({
      message: 'This scene shows your picture: replace the picture to change it.',
    })

    const textProject = await createProject(owner, 1)
    const [textScene] = await scenesOf(textProject.id)
    const picture = await storedPicture(owner, RED_LANDSCAPE)
    const refused = await client
      .patch(`/api/scenes/${textScene.id}`)
      .json({ pictureId: picture.id })
      .loginAs(owner)
      .withCsrfToken()
    refused.assertStatus(422)
    refused.assertBodyContains({ message: 'Pictures are for Image to Video projects.' })
  })
})
