import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import Picture from '#media/models/picture'
import { probe } from '#media/ffmpeg/probe'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'
import { colourAt, framesOf, near } from '#tests/helpers/frames'
import { uploadPicture } from '#tests/helpers/pictures'
import {
  generateAll,
  projectBody,
  served,
  startRenderWorker,
  waitForStatus,
} from '#tests/helpers/studio'

const RED = { r: 230, g: 20, b: 20 }
const NAVY = { r: 0x1e, g: 0x3a, b: 0x8a }

async function onPlan(email: string, plan: 'free' | 'pro' | 'agency') {
  const user = await createAccount(email)
  await setAccount(user, { plan })
  return user
}

/** A square logo, opaque red, uploaded as pictures are; its picture id. */
async function uploadLogo(client: ApiClient, user: User) {
  const bytes = await sharp({
    create: { width: 100, height: 100, channels: 4, background: { ...RED, alpha: 1 } },
  })
    .png()
    .toBuffer()
  const { registered } = await uploadPicture(client, user, bytes)
  registered.assertStatus(201)
  return (registered.body() as { picture: { id: number } }).picture.id
}

async function createBrand(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await client.post('/api/brands').json(body).loginAs(user).withCsrfToken()
  response.assertStatus(201)
  return response.body()
}

test.group('Brand kits: the logo', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a kit takes a fresh upload of its owner’s as its logo, once; a copy gets its own; deleting the kit deletes it', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('logo.owner@example.com', 'agency')
    const pictureId = await uploadLogo(client, user)

    const brand = await createBrand(client, user, { name: 'Acme', logo: { picture_id: pictureId } })
    assert.equal(brand.logo.pictureId, pictureId)
    // The kit shows its logo: a signed URL to its small copy.
    const shown = await sharp(await served(brand.logo.url))
      .raw()
      .toBuffer()
    assert.isTrue(near({ r: shown[0], g: shown[1], b: shown[2] }, RED), 'the logo’s own pixels')
    const logo = await Picture.findOrFail(pictureId)
    assert.isNotNull(logo.attachedAt, 'taken: the sweep of unattached uploads keeps it')

    const again = await client
      .post('/api/brands')
      .json({ name: 'Twice', logo: { picture_id: pictureId } })
      .loginAs(user)
      .withCsrfToken()
    again.assertStatus(422)
    again.assertBody({ message: 'That logo is not available: upload it again for this brand kit.' })

    const other = await onPlan('logo.other@example.com', 'agency')
    const theirs = await uploadLogo(client, other)
    const stolen = await client
      .patch(`/api/brands/${brand.id}`)
      .json({ logo: { picture_id: theirs } })
      .loginAs(user)
      .withCsrfToken()
    stolen.assertStatus(422)

    const copy = await client
      .post(`/api/brands/${brand.id}/duplicate`)
      .loginAs(user)
      .withCsrfToken()
    copy.assertStatus(201)
    assert.notEqual(copy.body().logo.pictureId, pictureId)
    assert.isNotNull(copy.body().logo.pictureId)

    const replacement = await uploadLogo(client, user)
    const replaced = await client
      .patch(`/api/brands/${brand.id}`)
      .json({ logo: { picture_id: replacement } })
      .loginAs(user)
      .withCsrfToken()
    replaced.assertStatus(200)
    assert.equal(replaced.body().version, 2)
    assert.isNull(await Picture.find(pictureId), 'the replaced logo is deleted')

    await client.delete(`/api/brands/${brand.id}`).loginAs(user).withCsrfToken()
    assert.isNull(await Picture.find(replacement), 'the deleted kit’s logo is deleted')
    assert.isNotNull(await Picture.find(copy.body().logo.pictureId), 'the copy keeps its own')
  })
})

test.group('Brand kits: a video made with one', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a project takes a kit its plan offers, with the kit’s caption style when it names none', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('project.brand@example.com', 'agency')
    const brand = await createBrand(client, user, {
      name: 'Acme',
      captions: { style: 'word', highlight_color: '#00FF88' },
    })
    const created = await client
      .post('/api/projects')
      .json(projectBody({ brand_id: brand.id }))
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const project = await Project.findOrFail(created.body().id)
    assert.equal(project.brandId, brand.id)
    assert.equal(project.captions.style, 'word')
    assert.equal(project.captions.highlightColor, '#00FF88')

    const chosen = await client
      .post('/api/projects')
      .json(projectBody({ brand_id: brand.id, captions: { style: 'karaoke' } }))
      .loginAs(user)
      .withCsrfToken()
    const own = await Project.findOrFail(chosen.body().id)
    assert.equal(own.captions.style, 'karaoke', 'the creator’s choice wins')

    const other = await onPlan('project.other@example.com', 'agency')
    const stolen = await client
      .post('/api/projects')
      .json(projectBody({ brand_id: brand.id }))
      .loginAs(other)
      .withCsrfToken()
    stolen.assertStatus(404)
    stolen.assertBody({ message: 'Brand not found' })

    await setAccount(user, { plan: 'free' })
    const downgraded = await client
      .post('/api/projects')
      .json(projectBody({ brand_id: brand.id }))
      .loginAs(user)
      .withCsrfToken()
    downgraded.assertStatus(403)
    downgraded.assertBody({
      message:
        'That brand kit is not offered on your plan now. Upgrade on /plans, or choose another.',
    })
  })

  test('the render draws the logo the run started with; editing the kit later changes nothing of it', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await onPlan('render.brand@example.com', 'pro')
    await grantCredits(user, 20)
    const pictureId = await uploadLogo(client, user)
    const brand = await createBrand(client, user, {
      name: 'Red corner',
      logo: { picture_id: pictureId, corner: 'top-left', size: 20, opacity: 100 },
      primary_color: '#1E3A8A',
      intro: { title: 'Red corner' },
      outro: { line: 'Follow @redcorner', seconds: 2 },
    })
    const created = await client
      .post('/api/projects')
      .json(projectBody({ script: 'A red fox runs across the snow at dawn.', brand_id: brand.id }))
      .loginAs(user)
      .withCsrfToken()
    const projectId = created.body().id

    const started = await generateAll(client, user, projectId)
    started.assertStatus(202)
    const done = await waitForStatus(projectId, ['done', 'failed'], 120_000)
    assert.equal(done.status, 'done', done.error ?? '')
    assert.containsSubset(done.brandSnapshot, {
      brandId: brand.id,
      name: 'Red corner',
      version: 1,
      logo: { corner: 'top-left', size: 20, opacity: 100 },
      intro: { title: 'Red corner', seconds: 1.5 },
      outro: { line: 'Follow @redcorner', seconds: 2 },
    })
    assert.match(done.brandSnapshot!.logo!.key, new RegExp(`^projects/${projectId}/brand/`))

    const storage = new MediaStorage()
    const dir = await mkdtemp(join(tmpdir(), 'branded-video-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    const videoPath = join(dir, 'video.mp4')
    await writeFile(videoPath, Buffer.from(await storage.read(done.outputVideoKey!)))
    // Intro 1.5 s (45 frames), the scene's 5 s, outro 2 s: 8.5 s in all.
    const { durationSeconds } = await probe(videoPath)
    assert.approximately(durationSeconds, 8.5, 0.1)
    const [introFirst, sceneStart, sceneEnd, outroLast] = await framesOf(
      videoPath,
      [0, 46, 190, 254]
    )
    for (const card of [introFirst, outroLast]) {
      const { width, height } = await sharp(card).metadata()
      const corner = await colourAt(card, 8, 8, 8)
      assert.isTrue(near(corner, NAVY, 30), `a card in the kit's colour: ${JSON.stringify(corner)}`)
      // The logo, 30 % of the shorter side wide, centred a third of its height above the middle.
      const short = Math.min(width, height)
      const logo = await colourAt(card, width / 2, Math.round(height / 2 - short * 0.1), 8)
      assert.isTrue(near(logo, RED, 30), `the logo on the card: ${JSON.stringify(logo)}`)
    }
    // In the scene, the logo is 20 % of the shorter side wide, 4 % of it from the top-left corner.
    for (const frame of [sceneStart, sceneEnd]) {
      const { width, height } = await sharp(frame).metadata()
      const short = Math.min(width, height)
      const centre = Math.round(short * 0.04 + (short * 0.2) / 2)
      const logo = await colourAt(frame, centre, centre, 8)
      assert.isTrue(near(logo, RED, 30), JSON.stringify(logo))
      const below = await colourAt(frame, centre, Math.round(short * 0.4), 8)
      assert.isFalse(near(below, RED, 60), `nothing red below it: ${JSON.stringify(below)}`)
    }

    // The cards are encoded once per kit version and size: a second video reuses them.
    const cards = await storage.list(`brand-cards/${brand.id}/v1/`)
    assert.sameMembers(
      cards.map((card) => card.key.replace(/^.*\//, '').replace(/^\d+x\d+-/, '')),
      ['intro.mp4', 'outro.mp4']
    )
    const second = await client
      .post('/api/projects')
      .json(projectBody({ script: 'A grey owl waits in the pines.', brand_id: brand.id }))
      .loginAs(user)
      .withCsrfToken()
    const secondStarted = await generateAll(client, user, second.body().id)
    secondStarted.assertStatus(202)
    const secondDone = await waitForStatus(second.body().id, ['done', 'failed'], 120_000)
    assert.equal(secondDone.status, 'done', secondDone.error ?? '')
    const kept = await storage.list(`brand-cards/${brand.id}/v1/`)
    assert.deepEqual(
      kept.map((card) => [card.key, card.lastModified.getTime()]),
      cards.map((card) => [card.key, card.lastModified.getTime()]),
      'the same card files, not encoded again'
    )

    const edited = await client
      .patch(`/api/brands/${brand.id}`)
      .json({ logo: { corner: 'bottom-right', opacity: 10 } })
      .loginAs(user)
      .withCsrfToken()
    assert.equal(edited.body().version, 2)
    const after = await Project.findOrFail(projectId)
    assert.deepEqual(after.brandSnapshot, done.brandSnapshot, 'the video keeps its kit’s version')
    assert.equal(after.outputVideoKey, done.outputVideoKey)
    assert.isTrue(await storage.exists(done.brandSnapshot!.logo!.key))
  })
})
