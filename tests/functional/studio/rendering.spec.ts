import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import sharp from 'sharp'
import env from '#start/env'
import { QueueService } from '#core/queue/queue_service'
import { probe } from '#media/ffmpeg/probe'
import { MediaStorage } from '#media/services/media_storage'
import User from '#auth/models/user'
import Scene from '#studio/models/scene'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'
import { PlanEffects } from '#billing/queries/plan_effects'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { balanceOf, setAccount, watchHealth } from '#tests/helpers/billing'
import { UserFactory } from '#database/factories/user_factory'
import {
  cancelVideo,
  createProject,
  generateAll,
  outputFile,
  obliterateQueues,
  startRenderWorker,
  useFakeElevenLabs,
  useFakeFal,
  waitForStatus,
} from '#tests/helpers/studio'
import { FAKE_VOICES } from '#tests/helpers/fakes/fake_elevenlabs'
import { FAKE_POST, HAILUO_TEXT_ENDPOINT } from '#tests/helpers/fakes/fake_fal'
import { until } from '#tests/helpers/wait'
import {
  narrateJobId,
  renderSceneJobId,
  runCreditsReference,
  runVoiceKey,
} from '#studio/render/run_ids'
import { SIGNUP_REFERENCE } from '#billing/ledger_references'

async function ledger(userId: number) {
  return db
    .from('credit_ledger')
    .where('user_id', userId)
    .orderBy('id')
    .select('amount', 'reason', 'reference')
}

function onlyReason<T extends { reason: string }>(rows: T[], reason: string) {
  return rows.filter((row) => row.reason === reason)
}

async function balanceMatchesLedger(
  assert: { equal: (a: unknown, b: unknown) => void },
  user: User
) {
  await user.refresh()
  const [{ total }] = await db
    .from('credit_ledger')
    .where('user_id', user.id)
    .sum('amount as total')
  assert.equal(await balanceOf(user), Number(total))
}

test.group('Rendering: charge and pipeline', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('generate-all charges the scene seconds once and renders a real MP4 (free: 720p scaled, watermark)', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('render@example.com')
    await grantCredits(user, 5)
    const project = await createProject(user, 3)

    const first = await generateAll(client, user, project.id)
    const second = await generateAll(client, user, project.id)

    first.assertStatus(202)
    second.assertStatus(200)
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(done.status, 'done', done.error ?? '')
    assert.equal(done.progressPercent, 100)
    assert.equal(done.resolution, '180x320')

    const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
    cleanup(removeFile)
    const info = await probe(path)
    assert.closeTo(info.durationSeconds, 15, 0.1)
    const video = info.streams.filter((stream) => stream.codecType === 'video')
    const audio = info.streams.filter((stream) => stream.codecType === 'audio')
    assert.lengthOf(video, 1)
    assert.lengthOf(audio, 1)
    assert.equal(video[0].width, 180)
    assert.equal(video[0].height, 320)
    assert.equal(video[0].pixFmt, 'yuv420p')

    // Each scene's preview on the storyboard is its 5 s segment of the video.
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    for (const scene of scenes) {
      assert.equal(scene.status, 'completed')
      const segment = await outputFile(scene.videoKey!)
      cleanup(segment.cleanup)
      const probed = await probe(segment.path)
      assert.closeTo(probed.durationSeconds, 5, 0.05)
    }

    assert.deepEqual(await ledger(user.id), [
      { amount: 10, reason: 'signup', reference: SIGNUP_REFERENCE },
      { amount: 5, reason: 'admin_grant', reference: 'test' },
      { amount: -15, reason: 'video_charge', reference: runCreditsReference(project.id, 1) },
    ])
    await balanceMatchesLedger(assert, user)
    assert.equal(await balanceOf(user), 0)

    const status = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    status.assertBody({
      status: 'done',
      error: null,
      progress: 100,
      seconds: 15,
      brand: null,
      estimate: null,
      hasVideo: true,
    })
    const video2 = await client.get(`/api/videos/${project.id}`).loginAs(user)
    video2.assertBodyContains({
      id: project.id,
      status: 'done',
      duration: 15,
      resolution: '180x320',
      watermarked: true,
    })
    const download = new URL(video2.body().outputVideoUrl, 'http://localhost')
    const served = await client.get(download.pathname + download.search)
    served.assertStatus(200)
  })

  test('the voice-over is spoken while the scenes are made, and not kept once the video is', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('voice-beside@example.com')
    const project = await createProject(user, 2)

    const response = await generateAll(client, user, project.id)

    response.assertStatus(202)
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(done.status, 'done', done.error ?? '')
    const queues = await app.container.make(QueueService)
    const media = queues.queue('media')
    const narration = await media.getJob(narrateJobId(project.id, 1))
    const scenes = await Scene.query().where('project_id', project.id)
    const sceneJobs = await Promise.all(
      scenes.map((scene) => media.getJob(renderSceneJobId(scene.id, 1)))
    )
    // Beside the scene jobs, not after the last of them: the compose job starts its encodes at once.
    assert.isAtMost(narration!.processedOn!, Math.max(...sceneJobs.map((job) => job!.finishedOn!)))
    assert.isNull(await new MediaStorage().stat(runVoiceKey(project.id, 1)))
    const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
    cleanup(removeFile)
    const info = await probe(path)
    assert.isTrue(info.streams.some((stream) => stream.codecType === 'audio'))
  })

  test("Text to Video draws each scene's picture once: the storyboard's still is what the video moves over", async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('drawn-once@example.com')
    const project = await createProject(user, 2)

    const response = await generateAll(client, user, project.id)

    response.assertStatus(202)
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(done.status, 'done', done.error ?? '')
    const storage = new MediaStorage()
    const scenes = await Scene.query().where('project_id', project.id)
    for (const scene of scenes) {
      const still = await storage.read(scene.thumbnailKey!)
      const source = await storage.read(scene.clipSourceKey!)
      assert.isTrue(Buffer.from(still).equals(Buffer.from(source)), `scene ${scene.order}`)
      assert.equal(scene.thumbnailPrompt, scene.prompt)
    }
  })

  test('a plan changed after Generate Final Video changes no frame of that run', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('upgraded.midrun@example.com')
    await grantCredits(user, 5)
    const project = await createProject(user, 2)
    await obliterateQueues()

    const response = await generateAll(client, user, project.id)
    response.assertStatus(202)
    // The creator upgrades while the run waits in the queue: this run stays the free plan's.
    await setAccount(user, { plan: 'agency' })
    await startRenderWorker(cleanup, { queued: true })

    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(done.status, 'done', done.error ?? '')
    assert.equal(done.resolution, '180x320')
    assert.isTrue(done.watermarked)
    const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
    cleanup(removeFile)
    const { streams } = await probe(path)
    const video = streams.find((stream) => stream.codecType === 'video')
    assert.deepEqual([video?.width, video?.height], [180, 320])
  }).timeout(150_000)

  test('the {plan} plan renders at its plan row quality: {width}x{height} at RENDER_SCALE 0.25')
    .with([
      { plan: 'pro', quality: '1080p', width: 270, height: 480 },
      { plan: 'agency', quality: '2160p', width: 540, height: 960 },
    ] as const)
    .run(async ({ client, assert, cleanup }, { plan, quality, width, height }) => {
      await startRenderWorker(cleanup)
      const user = await UserFactory.apply(plan).create()
      const project = await createProject(user, 1)
      assert.deepEqual(await new PlanEffects().forUser(user.id), { quality, watermark: false })

      const response = await generateAll(client, user, project.id)

      response.assertStatus(202)
      const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
      assert.equal(done.status, 'done', done.error ?? '')
      assert.equal(done.resolution, `${width}x${height}`)
      assert.isFalse(done.watermarked)
      const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
      cleanup(removeFile)
      const { streams } = await probe(path)
      const video = streams.find((stream) => stream.codecType === 'video')
      assert.deepEqual([video?.width, video?.height], [width, height])

      // The player's poster is the video's size; a card gets a copy at most 480 px long.
      const poster = await sharp(
        Buffer.from(await new MediaStorage().read(done.thumbKey!))
      ).metadata()
      assert.deepEqual([poster.width, poster.height], [width, height])
      const list = await client.get('/api/my-videos').loginAs(user)
      const [card] = list.body()
      assert.notEqual(card.cardThumbUrl, card.thumbUrl)
      const served = await fetch(
        new URL(card.cardThumbUrl, `http://${env.get('HOST')}:${env.get('PORT')}`)
      )
      assert.equal(served.status, 200)
      const small = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      assert.equal(Math.max(small.width!, small.height!), Math.min(480, height))
      assert.equal(small.width! / small.height!, width / height)
    })

  test('the fal driver renders {mode} at {aspectRatio} through fal against its fake')
    .with([
      {
        mode: 'ai-images-to-video',
        aspectRatio: '9:16',
        endpoints: ['/fal-ai/flux/schnell', '/fal-ai/minimax/hailuo-02/standard/image-to-video'],
      },
      {
        mode: 'text-to-video',
        aspectRatio: '16:9',
        endpoints: ['/fal-ai/minimax/hailuo-02/standard/text-to-video'],
      },
      // Hailuo's text-to-video is landscape only: a portrait video starts from a still.
      {
        mode: 'text-to-video',
        aspectRatio: '9:16',
        endpoints: ['/fal-ai/flux/schnell', '/fal-ai/minimax/hailuo-02/standard/image-to-video'],
      },
    ] as const)
    .run(async ({ client, assert, cleanup }, { mode, aspectRatio, endpoints }) => {
      const fal = await useFakeFal(cleanup, { stillWidth: 180 })
      await startRenderWorker(cleanup)
      const user = await createAccount(`fal-${mode}-${aspectRatio.replace(':', 'x')}@example.com`)
      const project = await createProject(user, 2, { generationMode: mode, aspectRatio })

      const response = await generateAll(client, user, project.id)

      response.assertStatus(202)
      const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
      assert.equal(done.status, 'done', done.error ?? '')
      const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
      cleanup(removeFile)
      const info = await probe(path)
      assert.closeTo(info.durationSeconds, 10, 0.1)
      const submits = fal.requests.filter((request) => request.method === 'POST')
      // The LLM writes the video's post once it is made (docs/product.md, Ready to post).
      assert.sameMembers(
        [...new Set(submits.map((request) => request.path))],
        [...endpoints, '/openrouter/router']
      )
      assert.deepEqual(done.post, FAKE_POST)
      // Every scene keeps a still for the storyboard: drawn, or the clip's first frame.
      const scenes = await Scene.query().where('project_id', project.id)
      assert.isTrue(scenes.every((scene) => scene.thumbnailKey && scene.clipSourceKey))
    })

  test('an ElevenLabs voice narrates the video: its speech is the soundtrack, its quota error fails the run', async ({
    client,
    assert,
    cleanup,
  }) => {
    const elevenLabs = await useFakeElevenLabs(cleanup)
    await startRenderWorker(cleanup)
    const user = await createAccount('narrated@example.com')
    const [voiced, quota] = [await createProject(user, 1), await createProject(user, 1)]
    for (const project of [voiced, quota]) {
      const voice = { id: FAKE_VOICES[0].voice_id, provider: 'elevenlabs', speed: 1 }
      await project.merge({ voice: { ...voice, language: 'english' } }).save()
    }
    const first = await generateAll(client, user, voiced.id)
    const done = await waitForStatus(voiced.id, ['done', 'failed'], 120_000)
    elevenLabs.setBehaviour('quota_exceeded')
    const second = await generateAll(client, user, quota.id)
    const failed = await waitForStatus(quota.id, ['done', 'failed'], 120_000)

    first.assertStatus(202)
    second.assertStatus(202)

    assert.equal(done.status, 'done', done.error ?? '')
    const speech = elevenLabs.requests.filter((request) =>
      request.path.endsWith('/with-timestamps')
    )
    assert.deepInclude(speech[0].body as object, { text: 'scene number 1' })
    const { path, cleanup: removeFile } = await outputFile(done.outputVideoKey!)
    cleanup(removeFile)
    const info = await probe(path)
    assert.closeTo(info.durationSeconds, 5, 0.1)
    assert.isTrue(info.streams.some((stream) => stream.codecType === 'audio'))

    assert.equal(failed.status, 'failed')
    assert.match(failed.error!, /quota/i)
    assert.deepEqual(onlyReason(await ledger(user.id), 'refund'), [
      { amount: 5, reason: 'refund', reference: runCreditsReference(quota.id, 1) },
    ])
    await balanceMatchesLedger(assert, user)
  }).timeout(180_000)

  test('a fal outage while a clip is made: the retry waits for the same request, paid once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup)
    fal.failStatusCalls(1)
    await startRenderWorker(cleanup)
    const user = await createAccount('outage@example.com')
    const project = await createProject(user, 1, { aspectRatio: '16:9' })

    const response = await generateAll(client, user, project.id)

    response.assertStatus(202)
    const done = await waitForStatus(project.id, ['done', 'failed'], 60_000)
    assert.equal(done.status, 'done', done.error ?? '')
    const calls = fal.requests.map((request) => `${request.method} ${request.path}`)
    assert.lengthOf(
      calls.filter((call) => call === 'POST /fal-ai/minimax/hailuo-02/standard/text-to-video'),
      1
    )
    assert.notExists(calls.find((call) => call.endsWith('/cancel')))
  }).timeout(60_000)

  test('not enough credits: 402 with the number missing, nothing charged', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('short@example.com')
    const project = await createProject(user, 3)

    const response = await generateAll(client, user, project.id)

    response.assertStatus(402)
    response.assertBody({ message: 'You need 5 more credits', missing: 5 })
    await project.refresh()
    assert.equal(project.status, 'draft')
    assert.lengthOf(await ledger(user.id), 1)
  })

  test('a provider failure fails the project with the category and refunds once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup)
    fal.setBehaviour(HAILUO_TEXT_ENDPOINT, 'balance_exhausted')
    await startRenderWorker(cleanup)
    const user = await createAccount('refund@example.com')
    const project = await createProject(user, 2, { aspectRatio: '16:9' })

    const response = await generateAll(client, user, project.id)

    response.assertStatus(202)
    const failed = await waitForStatus(project.id, ['failed', 'done'])
    assert.equal(failed.status, 'failed')
    assert.equal(failed.progressPercent, 0)
    assert.include(failed.error!, 'Fal AI Balance Exhausted')
    // One transaction writes both; the tests' shared one shows the status a moment before the refund.
    await until(
      async () => onlyReason(await ledger(user.id), 'refund').length > 0,
      10_000,
      'the refund'
    )
    const refunds = onlyReason(await ledger(user.id), 'refund')
    assert.deepEqual(refunds, [
      { amount: 10, reason: 'refund', reference: runCreditsReference(project.id, 1) },
    ])
    await balanceMatchesLedger(assert, user)
    assert.equal(await balanceOf(user), 10)
    const status = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    status.assertBodyContains({ status: 'failed' })
  })

  test('a regenerated video reuses the clips it paid for; an edited scene gets a new one', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup, { stillWidth: 180 })
    await startRenderWorker(cleanup)
    const user = await createAccount('regenerate@example.com')
    await grantCredits(user, 20, 'test:regenerate')
    const project = await createProject(user, 2, { aspectRatio: '16:9' })
    const clipSubmits = () =>
      fal.requests.filter(
        (request) => request.method === 'POST' && request.path.endsWith('/text-to-video')
      ).length
    const generate = async () => {
      const response = await generateAll(client, user, project.id)
      response.assertStatus(202)
      const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
      assert.equal(done.status, 'done', done.error ?? '')
      return done
    }

    await generate()
    assert.equal(clipSubmits(), 2)

    const second = await generate()
    assert.equal(clipSubmits(), 2)
    assert.equal(second.renderRun, 2)

    const [first] = await Scene.query().where('project_id', project.id).orderBy('order')
    await client
      .patch(`/api/scenes/${first.id}`)
      .json({ prompt: 'A lighthouse in a storm' })
      .loginAs(user)
      .withCsrfToken()
      .then((response) => response.assertStatus(200))
    // The edited scene's old clip no longer shows its words: it is gone.
    assert.isFalse(await new MediaStorage().exists(first.clipSourceKey!))
    await generate()
    assert.equal(clipSubmits(), 3)
  }).timeout(180_000)

  test('cancel returns the project to draft, keeps finished scenes, refunds the rest; the next run charges the rest only', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('cancel@example.com')
    const project = await createProject(user, 2)
    // Both stills are drawn (the storyboard says completed).
    await Scene.query().where('project_id', project.id).update({ status: 'completed' })

    const started = await generateAll(client, user, project.id)
    // The run makes scene 1's clip source before the cancel.
    await Scene.query()
      .where('project_id', project.id)
      .where('order', 1)
      .update({ clipSourceKey: `projects/${project.id}/scenes/kept/clip-source.jpg` })
    const cancelled = await cancelVideo(client, user, project.id)
    const again = await cancelVideo(client, user, project.id)

    started.assertStatus(202)
    cancelled.assertStatus(200)
    cancelled.assertBody({ message: 'Video processing cancelled' })
    again.assertStatus(409)
    await project.refresh()
    assert.equal(project.status, 'draft')
    const refunds = onlyReason(await ledger(user.id), 'refund')
    assert.deepEqual(refunds, [
      { amount: 5, reason: 'refund', reference: runCreditsReference(project.id, 1) },
    ])
    await balanceMatchesLedger(assert, user)
    assert.equal(await balanceOf(user), 5)

    // The kept scene is paid for: the next Generate Final Video charges the other one only.
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    shown.assertBodyContains({ duration: 10, creditsNeeded: 5 })
    const regenerated = await generateAll(client, user, project.id)
    regenerated.assertStatus(202)
    assert.deepEqual(onlyReason(await ledger(user.id), 'video_charge'), [
      { amount: -10, reason: 'video_charge', reference: runCreditsReference(project.id, 1) },
      { amount: -5, reason: 'video_charge', reference: runCreditsReference(project.id, 2) },
    ])
    await balanceMatchesLedger(assert, user)
    assert.equal(await balanceOf(user), 0)
  })

  test('cancel stops a scene that is still being made: the fal request is cancelled, the job ends', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup)
    fal.setBehaviour(HAILUO_TEXT_ENDPOINT, 'never_completes')
    await startRenderWorker(cleanup)
    const queues = await app.container.make(QueueService)
    const user = await createAccount('stop@example.com')
    const project = await createProject(user, 2, { aspectRatio: '16:9' })
    const [kept, running] = await Scene.query().where('project_id', project.id).orderBy('order')
    await kept.merge({ clipSourceKey: `projects/${project.id}/scenes/kept/clip-source.jpg` }).save()

    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    await until(
      async () => {
        await running.refresh()
        return running.status === 'processing' && fal.requests.some((r) => r.method === 'POST')
      },
      20_000,
      'the scene to be at fal'
    )

    const cancelled = await cancelVideo(client, user, project.id)

    cancelled.assertStatus(200)
    const job = await queues.queue('media').getJob(renderSceneJobId(running.id, 1))
    await until(async () => (await job!.getState()) === 'completed', 20_000, 'the scene job to end')
    assert.isTrue(
      fal.requests.some((request) => request.method === 'PUT' && request.path.endsWith('/cancel'))
    )
    await project.refresh()
    // The kept clip was made before this run, which made none: its whole charge comes back.
    assert.deepInclude(project.$attributes, { status: 'draft', prepaidCredits: 0 })
    await running.refresh()
    assert.deepInclude(running.$attributes, { status: 'pending', clipSourceKey: null })
    assert.deepEqual(onlyReason(await ledger(user.id), 'refund'), [
      { amount: 10, reason: 'refund', reference: runCreditsReference(project.id, 1) },
    ])
  }).timeout(60_000)

  test('prepaid credits cover only kept clips that are still there: edited scenes are charged again', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('prepaid@example.com')
    await grantCredits(user, 10)
    const project = await createProject(user, 2)
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    const generate = () => generateAll(client, user, project.id)

    const first = await generate()
    // Both clips were made before the cancel: nothing is refunded, 10 credits are prepaid.
    for (const scene of scenes) {
      await scene.merge({ clipSourceKey: `projects/${project.id}/kept-${scene.id}.jpg` }).save()
    }
    const cancelled = await cancelVideo(client, user, project.id)
    for (const scene of scenes) {
      await client
        .patch(`/api/scenes/${scene.id}`)
        .json({ prompt: `New words for scene ${scene.order}` })
        .loginAs(user)
        .withCsrfToken()
    }
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    const second = await generate()

    first.assertStatus(202)
    cancelled.assertStatus(200)
    shown.assertBodyContains({ duration: 10, creditsNeeded: 10 })
    second.assertStatus(202)
    assert.deepEqual(onlyReason(await ledger(user.id), 'video_charge'), [
      { amount: -10, reason: 'video_charge', reference: runCreditsReference(project.id, 1) },
      { amount: -10, reason: 'video_charge', reference: runCreditsReference(project.id, 2) },
    ])
    assert.lengthOf(onlyReason(await ledger(user.id), 'refund'), 0)
    await balanceMatchesLedger(assert, user)
  })

  test('a clip made after a cancel or an edit of its scene is not recorded', async ({ assert }) => {
    const user = await createAccount('late.clip@example.com')
    const project = await createProject(user, 2)
    await project.merge({ status: 'processing', renderRun: 1 }).save()
    const [edited, cancelled] = await Scene.query().where('project_id', project.id).orderBy('order')
    const scenes = new SceneLifecycle()
    const made = (key: string) => ({
      clipSourceKey: key,
      videoKey: null,
      thumbnailKey: null,
      thumbnailPrompt: null,
    })

    // The scene's words change while its clip is being made.
    await Scene.query().where('id', edited.id).update({ prompt: 'Other words' })
    const afterEdit = await scenes.clipMade(edited, 1, made('edited.jpg'))
    // The run is cancelled while the other clip is being made.
    await project.merge({ status: 'draft' }).save()
    const afterCancel = await scenes.clipMade(cancelled, 1, made('cancelled.jpg'))

    assert.isFalse(afterEdit)
    assert.isFalse(afterCancel)
    const rows = await Scene.query().where('project_id', project.id).whereNotNull('clip_source_key')
    assert.lengthOf(rows, 0)
  })

  test('videos, status, cancel and delete are owner-only', async ({ client }) => {
    const owner = await createAccount('owns@example.com')
    const stranger = await createAccount('peeks@example.com')
    const project = await createProject(owner, 1)

    const responses = [
      await client.get(`/api/videos/${project.id}`).loginAs(stranger),
      await client.get(`/api/video/status/${project.id}`).loginAs(stranger),
      await cancelVideo(client, stranger, project.id),
      await client.delete(`/api/projects/${project.id}`).loginAs(stranger).withCsrfToken(),
    ]
    const list = await client.get('/api/my-videos').loginAs(stranger)

    for (const response of responses) response.assertStatus(404)
    list.assertBody([])
  })

  test('status answers per state, and deleting a video removes it with its files', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('states@example.com')
    const project = await createProject(user, 1)
    const storage = new MediaStorage()
    await storage.put(`projects/${project.id}/videos/run-1.mp4`, Buffer.from('x'), 'video/mp4')

    for (const [status, progress, error] of [
      ['draft', 0, null],
      ['processing', 33, null],
      ['rendering', 70, null],
      ['failed', 0, 'Something broke'],
    ] as const) {
      await project.merge({ status, progressPercent: progress, error }).save()
      const response = await client.get(`/api/video/status/${project.id}`).loginAs(user)
      response.assertBody({
        status,
        error,
        progress,
        seconds: 5,
        brand: null,
        estimate: null,
        hasVideo: false,
      })
    }

    await project.merge({ status: 'done', progressPercent: 100, error: null }).save()
    const deleted = await client.delete(`/api/projects/${project.id}`).loginAs(user).withCsrfToken()
    deleted.assertStatus(200)
    const after = await client.get(`/api/videos/${project.id}`).loginAs(user)
    after.assertStatus(404)
    assert.isFalse(await storage.exists(`projects/${project.id}/videos/run-1.mp4`))
  })
})

test.group('Rendering: concurrent charges', () => {
  test('30 parallel Generate Final Video calls on a balance that covers 3 charge exactly 3, and /health answers throughout', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('parallel@example.com')
    cleanup(async () => {
      await User.query().where('id', user.id).delete()
    })
    await grantCredits(user, 5)
    const projects = []
    for (let i = 0; i < 30; i++) projects.push(await createProject(user, 1))

    const health = watchHealth()
    const responses = await Promise.all(
      projects.map((project) => generateAll(client, user, project.id))
    )
    const seen = await health()

    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 202).length, 3)
    assert.equal(statuses.filter((status) => status === 402).length, 27)
    await user.refresh()
    assert.equal(await balanceOf(user), 0)
    const charges = onlyReason(await ledger(user.id), 'video_charge')
    assert.lengthOf(charges, 3)
    await balanceMatchesLedger(assert, user)
  })
})
