import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import { QueueService } from '#core/queue/queue_service'
import { DeletePictures } from '#media/actions/delete_pictures'
import { probe } from '#media/ffmpeg/probe'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'
import type Picture from '#media/models/picture'
import { SceneStills } from '#studio/services/scene_stills'
import { runCreditsReference } from '#studio/render/run_ids'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { HAILUO_ENDPOINT } from '#tests/helpers/fakes/fake_fal'
import {
  BLUE_SQUARE,
  createPictureProject,
  GREEN_PORTRAIT,
  RED_LANDSCAPE,
  storedPicture,
  type PictureShape,
} from '#tests/helpers/pictures'
import {
  PICTURE_SIMILARITY_THRESHOLD,
  pictureSimilarity,
  sceneSimilarities,
} from '#tests/helpers/picture_similarity'
import { generateAll, startRenderWorker, useFakeFal, waitForStatus } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'
import { balanceOf, setAccount } from '#tests/helpers/billing'

type Cleanup = (fn: () => Promise<void> | void) => void

/** The finished video on disk, removed after the test. */
async function videoFile(project: Project, cleanup: Cleanup) {
  const dir = await mkdtemp(join(tmpdir(), 'picture-render-'))
  cleanup(() => rm(dir, { recursive: true, force: true }))
  const path = join(dir, 'video.mp4')
  await writeFile(path, await new MediaStorage().read(project.outputVideoKey!))
  return path
}

/** Each scene's 5 s of the video and the picture it should show, in order. */
function scenesShowing(pictures: Buffer[]) {
  return pictures.map((picture, index) => ({
    startSeconds: index * 5,
    endSeconds: (index + 1) * 5,
    picture,
  }))
}

/** `shapes` stored as `owner`'s pictures, with their bytes as stored. */
async function picturesOf(owner: User, shapes: PictureShape[]) {
  const storage = new MediaStorage()
  const pictures: Picture[] = []
  const images: Buffer[] = []
  for (const shape of shapes) {
    const picture = await storedPicture(owner, shape)
    pictures.push(picture)
    images.push(Buffer.from(await storage.read(picture.key)))
  }
  return { pictures, images }
}

/** Counts the stills the offline image generator draws while the test runs. */
function countDrawnStills(cleanup: Cleanup) {
  const generate = LocalImageGenerator.prototype.generate
  const drawn = { count: 0 }
  LocalImageGenerator.prototype.generate = function (this: LocalImageGenerator, request) {
    drawn.count++
    return generate.call(this, request)
  }
  cleanup(() => {
    LocalImageGenerator.prototype.generate = generate
  })
  return drawn
}

/** The credit movements of a user's videos, in order (the signup grant left out). */
async function videoCredits(userId: number) {
  return db
    .from('credit_ledger')
    .where('user_id', userId)
    .whereNot('reason', 'signup')
    .orderBy('id')
    .select('amount', 'reason', 'reference')
}

/** Generate Final Video, as the storyboard sends it, until the video is done or failed. */
async function render(client: ApiClient, owner: User, project: Project) {
  const response = await generateAll(client, owner, project.id)
  response.assertStatus(202)
  return waitForStatus(project.id, ['done', 'failed'], 120_000)
}

test.group('Studio: Image to Video renders the creator’s pictures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every scene of the video shows its own picture, and no still is drawn', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const drawn = countDrawnStills(cleanup)
    const owner = await createAccount('pictures@example.com')
    await grantCredits(owner, 5)
    const { pictures, images } = await picturesOf(owner, [
      RED_LANDSCAPE,
      GREEN_PORTRAIT,
      BLUE_SQUARE,
    ])
    const project = await createPictureProject(owner, pictures)

    const done = await render(client, owner, project)

    assert.equal(done.status, 'done', done.error ?? '')
    assert.equal(drawn.count, 0, 'no still was drawn for a picture scene')
    const video = await videoFile(done, cleanup)
    const scores = await sceneSimilarities(video, scenesShowing(images))
    for (const [index, score] of scores.entries()) {
      assert.isAtLeast(score, PICTURE_SIMILARITY_THRESHOLD, `scene ${index + 1} shows its picture`)
    }
    // Shifted by one scene, no frame passes for another scene's picture.
    const shifted = await sceneSimilarities(video, scenesShowing([...images.slice(1), images[0]]))
    for (const score of shifted) assert.isBelow(score, PICTURE_SIMILARITY_THRESHOLD)

    // What the render would have shown had it drawn the scene's words: it fails the picture.
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    const stills = await app.container.make(SceneStills)
    for (const [index, scene] of scenes.entries()) {
      const drawing = await new LocalImageGenerator().generate({
        ...stills.request(project, scene),
        width: 180,
        caption: false,
      })
      const score = await pictureSimilarity(drawing.data, images[index])
      assert.isBelow(score, PICTURE_SIMILARITY_THRESHOLD, `a drawn scene ${index + 1}`)
    }
    assert.deepEqual(
      scenes.map((scene) => [scene.status, scene.thumbnailKey, scene.clipSourceKey !== null]),
      [
        ['completed', null, true],
        ['completed', null, true],
        ['completed', null, true],
      ]
    )
  }).timeout(180_000)

  test('a scene whose picture is {gone} fails the run with what to do, and refunds it')
    .with([{ gone: 'deleted' }, { gone: 'lost from storage' }] as const)
    .run(async ({ client, assert, cleanup }, { gone }) => {
      await startRenderWorker(cleanup)
      const drawn = countDrawnStills(cleanup)
      const owner = await createAccount(`missing-${gone.split(' ')[0]}@example.com`)
      const { pictures } = await picturesOf(owner, [RED_LANDSCAPE, BLUE_SQUARE])
      const project = await createPictureProject(owner, pictures)
      if (gone === 'deleted') await new DeletePictures(new MediaStorage()).handle([pictures[1].id])
      else await new MediaStorage().delete(pictures[1].key)

      const failed = await render(client, owner, project)

      assert.equal(failed.status, 'failed')
      assert.equal(
        failed.error,
        'Scene 2: its picture is missing. Replace the picture and generate again.'
      )
      const second = await Scene.query()
        .where('project_id', project.id)
        .where('order', 2)
        .firstOrFail()
      assert.equal(second.status, 'failed')
      assert.equal(
        second.errorMessage,
        'Its picture is missing. Replace the picture and generate again.'
      )
      // The refund is written in the failure's transaction, which the test's own one sees growing.
      await until(
        async () => {
          const rows = await videoCredits(owner.id)
          return rows.some((row) => row.reason === 'refund')
        },
        10_000,
        'the refund'
      )
      assert.deepEqual(await videoCredits(owner.id), [
        { amount: -10, reason: 'video_charge', reference: runCreditsReference(project.id, 1) },
        { amount: 10, reason: 'refund', reference: runCreditsReference(project.id, 1) },
      ])
      await owner.refresh()
      assert.equal(await balanceOf(owner), 10)
      assert.equal(drawn.count, 0)
    })
    .timeout(120_000)

  test('a picture is framed once and kept across runs, and framed anew once replaced', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const owner = await createAccount('replaced@example.com')
    await grantCredits(owner, 5)
    const {
      pictures: [shown, replacement],
      images: [red, blue],
    } = await picturesOf(owner, [RED_LANDSCAPE, BLUE_SQUARE])
    const project = await createPictureProject(owner, [shown])
    const storage = new MediaStorage()
    const scene = async () => Scene.query().where('project_id', project.id).firstOrFail()
    const clipSource = async () => {
      const row = await scene()
      return row.clipSourceKey
    }

    const first = await render(client, owner, project)
    assert.equal(first.status, 'done', first.error ?? '')
    const kept = await clipSource()
    const again = await render(client, owner, project)

    assert.equal(again.status, 'done', again.error ?? '')
    assert.equal(await clipSource(), kept)
    const [keptScore] = await sceneSimilarities(
      await videoFile(again, cleanup),
      scenesShowing([red])
    )
    assert.isAtLeast(keptScore, PICTURE_SIMILARITY_THRESHOLD)

    // Replace picture on the storyboard: the clip framed from the old one goes with it.
    const { id } = await scene()
    const replacing = await client
      .patch(`/api/scenes/${id}`)
      .json({ pictureId: replacement.id })
      .loginAs(owner)
      .withCsrfToken()
    replacing.assertStatus(200)
    assert.isFalse(await storage.exists(kept!))
    const replaced = await render(client, owner, project)

    assert.equal(replaced.status, 'done', replaced.error ?? '')
    assert.notEqual(await clipSource(), kept)
    const [score] = await sceneSimilarities(
      await videoFile(replaced, cleanup),
      scenesShowing([blue])
    )
    assert.isAtLeast(score, PICTURE_SIMILARITY_THRESHOLD)
  }).timeout(240_000)

  test('a picture framed for a smaller frame is framed anew, as sharp as the new plan’s', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const owner = await createAccount('upgraded.pictures@example.com')
    await grantCredits(owner, 5)
    const { pictures } = await picturesOf(owner, [{ ...RED_LANDSCAPE, width: 1600, height: 900 }])
    const project = await createPictureProject(owner, pictures)
    const storage = new MediaStorage()
    const clipSource = async () => {
      const row = await Scene.query().where('project_id', project.id).firstOrFail()
      return row.clipSourceKey!
    }
    const framedSize = async (key: string) => {
      const { width, height } = await sharp(Buffer.from(await storage.read(key))).metadata()
      return `${width}x${height}`
    }

    const free = await render(client, owner, project)
    assert.equal(free.status, 'done', free.error ?? '')
    const keptOnFree = await clipSource()
    assert.equal(await framedSize(keptOnFree), free.resolution)

    await setAccount(owner, { plan: 'agency' })
    const agency = await render(client, owner, project)

    assert.equal(agency.status, 'done', agency.error ?? '')
    assert.notEqual(agency.resolution, free.resolution)
    const framed = await clipSource()
    assert.equal(await framedSize(framed), agency.resolution)
    assert.isFalse(await storage.exists(keptOnFree), 'the smaller framing is not left behind')
  }).timeout(240_000)

  test('a clip framed from a picture replaced meanwhile is not recorded', async ({ assert }) => {
    const owner = await createAccount('late.picture@example.com')
    const { pictures } = await picturesOf(owner, [RED_LANDSCAPE, BLUE_SQUARE])
    const project = await createPictureProject(owner, [pictures[0]])
    await project.merge({ status: 'processing', renderRun: 1 }).save()
    const scene = await Scene.query().where('project_id', project.id).firstOrFail()
    const lifecycle = new SceneLifecycle()

    await db.transaction(async (trx) => {
      const locked = await Scene.query({ client: trx }).where('id', scene.id).firstOrFail()
      await lifecycle.change(locked, { pictureId: pictures[1].id }, trx)
    })
    const recorded = await lifecycle.clipMade(scene, 1, {
      clipSourceKey: 'framed-from-the-old-picture.jpg',
      videoKey: null,
      thumbnailKey: null,
      thumbnailPrompt: null,
    })

    assert.isFalse(recorded)
    await scene.refresh()
    assert.deepInclude(scene.$attributes, { pictureId: pictures[1].id, clipSourceKey: null })
  })

  test('a picture scene has no still to draw: Generate is refused and nothing is queued', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('no.still@example.com')
    const { pictures } = await picturesOf(owner, [GREEN_PORTRAIT])
    const project = await createPictureProject(owner, pictures)
    const scene = await Scene.query().where('project_id', project.id).firstOrFail()
    const queues = await app.container.make(QueueService)
    await queues.queue('media').obliterate({ force: true })

    const response = await client
      .post(`/api/scenes/${scene.id}/generate`)
      .loginAs(owner)
      .withCsrfToken()
    const queueStills = await app.container.make(QueueSceneStills)
    await queueStills.forProject(project)

    response.assertStatus(422)
    response.assertBody({
      message: 'This scene shows your picture: replace the picture to change it.',
    })
    assert.equal(await queues.queue('media').count(), 0)
    await scene.refresh()
    assert.equal(scene.status, 'pending')
  })

  test('with fal, Hailuo animates the creator’s picture as framed for the video', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup)
    await startRenderWorker(cleanup)
    const owner = await createAccount('fal.picture@example.com')
    const {
      pictures,
      images: [image],
    } = await picturesOf(owner, [RED_LANDSCAPE])
    const project = await createPictureProject(owner, pictures)

    const done = await render(client, owner, project)

    assert.equal(done.status, 'done', done.error ?? '')
    // Hailuo's 6 s clip, trimmed to the scene's 5 s.
    const output = await probe(await videoFile(done, cleanup))
    assert.closeTo(output.durationSeconds, 5, 0.1)
    const submits = fal.requests.filter((request) => request.method === 'POST')
    // The clip, then the LLM writing the video's post (docs/product.md, Ready to post).
    assert.deepEqual(
      submits.map((request) => request.path),
      [`/${HAILUO_ENDPOINT}`, '/openrouter/router']
    )
    const imageUrl = String((submits[0].body as Record<string, unknown>).image_url)
    const sent = Buffer.from(imageUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64')
    const { width, height } = await sharp(sent).metadata()
    assert.deepEqual([width, height], [180, 320])
    assert.isAtLeast(await pictureSimilarity(sent, image), 0.95)
    const [scene] = await Scene.query().where('project_id', project.id)
    assert.isNull(scene.thumbnailKey, 'the clip’s first frame does not replace the picture')
  }).timeout(120_000)
})
