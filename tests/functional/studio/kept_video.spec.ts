import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#auth/models/user'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { ORPHAN_GRACE_MS, SweepRunFiles } from '#studio/actions/sweep_run_files'
import { cardThumbnailKey } from '#media/services/card_thumbnails'
import { runCreditsReference, runVideoKeys, runVoiceKey } from '#studio/render/run_ids'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { assertBalanceIsLedger, ledgerOf, watchHealth } from '#tests/helpers/billing'
import { connectAgent, dataOf } from '#tests/helpers/mcp'
import {
  cancelVideo,
  createProject,
  generateAll,
  obliterateQueues,
  served,
  startRenderWorker,
  useFakeFal,
  waitForStatus,
} from '#tests/helpers/studio'
import { HAILUO_TEXT_ENDPOINT } from '#tests/helpers/fakes/fake_fal'
import { ProjectFactory } from '#database/factories/project_factory'
import { until } from '#tests/helpers/wait'

async function stored(key: string) {
  return Buffer.from(await new MediaStorage().read(key))
}

function runMovements(rows: Awaited<ReturnType<typeof ledgerOf>>, projectId: number) {
  return rows
    .filter((row) => row.reference.startsWith(`project:${projectId}:`))
    .map((row) => [row.reason, row.amount, row.reference])
}

test.group('A re-render keeps the last finished video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('while it runs and once it is cancelled, the API, the player, My Videos, the download and MCP all serve the earlier video; its credits come back', async ({
    client,
    assert,
    cleanup,
  }) => {
    const worker = await startRenderWorker(cleanup)
    const user = await createAgencyAccount('kept.cancel@example.com')
    await grantCredits(user, 20)
    const project = await createProject(user, 2)
    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    const first = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(first.status, 'done', first.error ?? '')
    const video = await stored(first.outputVideoKey!)
    // No worker: the re-render stays queued, as long as a busy queue would keep it.
    await worker.stop()

    const rerender = await generateAll(client, user, project.id)
    const during = await client.get(`/api/videos/${project.id}`).loginAs(user)
    const duringStatus = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    const cancelled = await cancelVideo(client, user, project.id)

    rerender.assertStatus(202)
    during.assertBodyContains({ status: 'queued', resolution: first.resolution })
    assert.deepEqual(await served(during.body().outputVideoUrl), video)
    duringStatus.assertBodyContains({ status: 'queued', hasVideo: true })
    cancelled.assertStatus(200)

    await project.refresh()
    assert.deepInclude(project.$attributes, {
      status: 'draft',
      outputVideoKey: first.outputVideoKey,
      thumbKey: first.thumbKey,
      resolution: first.resolution,
      prepaidCredits: 0,
    })
    const api = await client.get(`/api/videos/${project.id}`).loginAs(user)
    api.assertBodyContains({ status: 'draft', duration: 10 })
    assert.deepEqual(await served(api.body().outputVideoUrl), video)
    assert.isNotNull(api.body().thumbUrl)
    const status = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    status.assertBody({
      status: 'draft',
      error: null,
      progress: 0,
      seconds: 10,
      brand: null,
      estimate: null,
      hasVideo: true,
    })
    const projectJson = await client.get(`/api/projects/${project.id}`).loginAs(user)
    assert.equal(projectJson.body().outputVideoUrl, api.body().outputVideoUrl)

    const player = await client.get(`/player/${project.id}`).withInertia().loginAs(user)
    player.assertInertiaComponent('studio/player')
    assert.equal(player.inertiaProps.video.outputVideoUrl, api.body().outputVideoUrl)
    // My Videos lists it with the videos, not the drafts: it has one to watch.
    const completed = await client.get('/api/my-videos?tab=completed').loginAs(user)
    const drafts = await client.get('/api/my-videos?tab=drafts').loginAs(user)
    assert.deepEqual(
      completed.body().map((card: { id: number; outputVideoUrl: string }) => card.id),
      [project.id]
    )
    assert.equal(completed.body()[0].outputVideoUrl, api.body().outputVideoUrl)
    assert.deepEqual(drafts.body(), [])

    const { client: agent } = await connectAgent(await createApiToken(user), cleanup)
    const tool = dataOf(await agent.callTool({ name: 'get_video', arguments: { id: project.id } }))
    assert.equal(tool.status, 'draft')
    assert.deepEqual(await served(tool.outputVideoUrl), video)

    // Like any other cancel: what the run charged comes back, the clips it reused were paid before.
    assert.deepEqual(runMovements(await ledgerOf(user), project.id), [
      ['video_charge', -10, runCreditsReference(project.id, 1)],
      ['video_charge', -10, runCreditsReference(project.id, 2)],
      ['refund', 10, runCreditsReference(project.id, 2)],
    ])
    assert.equal(await assertBalanceIsLedger(assert, user), 20)
  }).timeout(180_000)

  test('a re-render that fails keeps the earlier video and refunds its charge', async ({
    client,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup, { stillWidth: 180 })
    await startRenderWorker(cleanup)
    const user = await createAccount('kept.failure@example.com')
    await grantCredits(user, 20)
    const project = await createProject(user, 2, { aspectRatio: '16:9' })
    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    const first = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(first.status, 'done', first.error ?? '')
    const video = await stored(first.outputVideoKey!)

    // Scene 1 gets new words, so the re-render needs a new clip: fal's balance has run out.
    const [edited] = await Scene.query().where('project_id', project.id).orderBy('order')
    await client
      .patch(`/api/scenes/${edited.id}`)
      .json({ prompt: 'A lighthouse in a storm' })
      .loginAs(user)
      .withCsrfToken()
      .then((response) => response.assertStatus(200))
    fal.setBehaviour(HAILUO_TEXT_ENDPOINT, 'balance_exhausted')
    const rerender = await generateAll(client, user, project.id)
    rerender.assertStatus(202)
    const failed = await waitForStatus(project.id, ['done', 'failed'], 120_000)

    assert.equal(failed.status, 'failed')
    assert.include(failed.error!, 'Fal AI Balance Exhausted')
    assert.equal(failed.outputVideoKey, first.outputVideoKey)
    assert.equal(failed.resolution, first.resolution)
    const api = await client.get(`/api/videos/${project.id}`).loginAs(user)
    api.assertBodyContains({ status: 'failed', error: failed.error })
    assert.deepEqual(await served(api.body().outputVideoUrl), video)
    const status = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    status.assertBodyContains({ status: 'failed', hasVideo: true })
    const player = await client.get(`/player/${project.id}`).withInertia().loginAs(user)
    assert.equal(player.inertiaProps.video.outputVideoUrl, api.body().outputVideoUrl)
    await until(
      async () => runMovements(await ledgerOf(user), project.id).length === 3,
      10_000,
      'the refund'
    )
    assert.deepEqual(runMovements(await ledgerOf(user), project.id), [
      ['video_charge', -10, runCreditsReference(project.id, 1)],
      ['video_charge', -10, runCreditsReference(project.id, 2)],
      ['refund', 10, runCreditsReference(project.id, 2)],
    ])
    await assertBalanceIsLedger(assert, user)
  }).timeout(180_000)

  test('a re-render that is done replaces the earlier video, whose files are deleted', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('kept.replaced@example.com')
    await grantCredits(user, 20)
    const project = await createProject(user, 1)
    const render = async () => {
      const started = await generateAll(client, user, project.id)
      started.assertStatus(202)
      const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)
      assert.equal(done.status, 'done', done.error ?? '')
      return done
    }

    const first = await render()
    const second = await render()

    const storage = new MediaStorage()
    assert.deepEqual(
      [second.outputVideoKey, second.thumbKey],
      Object.values(runVideoKeys(project.id, 2))
    )
    assert.isTrue(await storage.exists(second.outputVideoKey!))
    // The job deletes them once the new video is the project's (done), not before.
    const earlier = [first.outputVideoKey!, first.thumbKey!]
    await until(
      async () => {
        const left = await Promise.all(earlier.map((key) => storage.exists(key)))
        return !left.includes(true)
      },
      10_000,
      'the earlier video and its poster to be deleted'
    )
  }).timeout(180_000)

  test('a cancel of a run that made some clips keeps those as prepaid and refunds the rest', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('kept.prepaid@example.com')
    await grantCredits(user, 10)
    const project = await createProject(user, 3)
    const [reused, made] = await Scene.query().where('project_id', project.id).orderBy('order')
    // Scene 1's clip was made by an earlier run; this run makes scene 2's before the cancel.
    await reused.merge({ clipSourceKey: `projects/${project.id}/earlier.jpg` }).save()

    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    await made.merge({ clipSourceKey: `projects/${project.id}/this-run.jpg` }).save()
    const cancelled = await cancelVideo(client, user, project.id)
    cancelled.assertStatus(200)

    await project.refresh()
    assert.equal(project.prepaidCredits, 5)
    assert.deepEqual(runMovements(await ledgerOf(user), project.id), [
      ['video_charge', -15, runCreditsReference(project.id, 1)],
      ['refund', 10, runCreditsReference(project.id, 1)],
    ])
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    shown.assertBodyContains({ duration: 15, creditsNeeded: 10 })
    await assertBalanceIsLedger(assert, user)
  })
})

test.group('The run sweep', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('removes files no row owns, an hour old, never the current video, a rendering project or a fresh file', async ({
    assert,
  }) => {
    const user = await createAccount('sweep@example.com')
    const storage = new MediaStorage()
    const put = (key: string) => storage.put(key, Buffer.from(key), 'application/octet-stream')

    const done = await createProject(user, 1)
    const [scene] = await Scene.query().where('project_id', done.id)
    const current = runVideoKeys(done.id, 2)
    const earlier = runVideoKeys(done.id, 1)
    const clip = `projects/${done.id}/scenes/${scene.id}/run-1/clip-source-1.jpg`
    const preview = `projects/${done.id}/runs/2/scene-${scene.id}.mp4`
    await done
      .merge({
        status: 'draft',
        renderRun: 3,
        resolution: '180x320',
        outputVideoKey: current.videoKey,
        thumbKey: current.thumbKey,
      })
      .save()
    await scene.merge({ clipSourceKey: clip, videoKey: preview, thumbnailKey: clip }).save()
    const owned = [
      current.videoKey,
      current.thumbKey,
      cardThumbnailKey(current.thumbKey),
      clip,
      preview,
    ]
    const orphans = [
      earlier.videoKey,
      earlier.thumbKey,
      cardThumbnailKey(earlier.thumbKey),
      runVoiceKey(done.id, 3),
      `projects/${done.id}/runs/3/scene-${scene.id}.mp4`,
      `projects/${done.id}/scenes/${scene.id}/run-3/clip-source-9.jpg`,
    ]

    const rendering = await ProjectFactory.merge({ userId: user.id }).apply('rendering').create()
    const inFlight = runVoiceKey(rendering.id, 1)
    const deleted = await createProject(user, 0)
    const gone = `projects/${deleted.id}/videos/run-1.mp4`
    for (const key of [...owned, ...orphans, inFlight, gone]) await put(key)
    await deleted.delete()

    const sweep = await app.container.make(SweepRunFiles)
    const fresh = await sweep.project(done.id)
    const report = await sweep.handle(Date.now() + ORPHAN_GRACE_MS + 60_000)

    assert.deepEqual(fresh.deleted, [])
    assert.sameMembers(
      report.deleted.filter((key) => key.startsWith(`projects/${done.id}/`)),
      orphans
    )
    assert.include(report.deleted, `projects/${deleted.id}/`)
    for (const key of owned) assert.isTrue(await storage.exists(key), key)
    for (const key of orphans) assert.isFalse(await storage.exists(key), key)
    assert.isTrue(await storage.exists(inFlight))
    assert.isFalse(await storage.exists(gone))
    await done.refresh()
    assert.equal(done.outputVideoKey, current.videoKey)
  })

  test('gives a project the newest video it lost to a re-render before videos were kept', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('sweep.lost@example.com')
    const storage = new MediaStorage()
    // A cancelled re-render of old: the row lost its link; the files of runs 1 and 2 stayed.
    const project = await createProject(user, 1)
    await project.merge({ status: 'draft', renderRun: 3, resolution: '180x320' }).save()
    const [older, newest] = [runVideoKeys(project.id, 1), runVideoKeys(project.id, 2)]
    for (const key of [...Object.values(older), ...Object.values(newest)]) {
      await storage.put(key, Buffer.from(key), 'application/octet-stream')
    }

    const sweep = await app.container.make(SweepRunFiles)
    const report = await sweep.handle(Date.now() + ORPHAN_GRACE_MS + 60_000)

    assert.deepEqual(report.recovered, [project.id])
    await project.refresh()
    assert.deepInclude(project.$attributes, {
      outputVideoKey: newest.videoKey,
      thumbKey: newest.thumbKey,
    })
    assert.isFalse(await storage.exists(older.videoKey))
    const api = await client.get(`/api/videos/${project.id}`).loginAs(user)
    assert.deepEqual(await served(api.body().outputVideoUrl), Buffer.from(newest.videoKey))
  })
})

test.group('Re-renders and cancels under load', () => {
  test('dozens of parallel Generate and Cancel calls on videos that have one: balance = Σ ledger, each run charged and refunded once, every video kept, /health answers', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('kept.load@example.com')
    cleanup(async () => {
      await obliterateQueues()
      await User.query().where('id', user.id).delete()
    })
    // Credits for 12 of the 20 re-renders at once: the rest are refused until a cancel refunds.
    await grantCredits(user, 50)
    const projects: Project[] = []
    for (let index = 0; index < 20; index++) {
      const project = await ProjectFactory.merge({ userId: user.id })
        .apply('done')
        .with('scenes', 1, (scenes) =>
          scenes.merge({ clipSourceKey: `factory/kept-${index}.jpg`, status: 'completed' })
        )
        .create()
      projects.push(project)
    }

    const burst = (...calls: (typeof generateAll)[]) =>
      Promise.all(
        projects.flatMap((project) => calls.map((call) => call(client, user, project.id)))
      )

    const health = watchHealth()
    const started = await burst(generateAll)
    const raced = await burst(cancelVideo, generateAll, cancelVideo, generateAll)
    const stopped = await burst(cancelVideo)
    const seen = await health()

    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    const statuses = (answers: typeof started) => answers.map((answer) => answer.status())
    // 60 credits pay 12 re-renders of 5 at once; the others are refused, not overdrawn.
    assert.equal(statuses(started).filter((status) => status === 202).length, 12)
    assert.isTrue(statuses(raced).every((status) => [200, 202, 402, 409].includes(status)))
    assert.isTrue(statuses(stopped).every((status) => [200, 409].includes(status)))

    // Every run is charged once and, cancelled, refunded once in full: it reused clips paid before.
    const ledger = await ledgerOf(user)
    for (const project of projects) {
      await project.refresh()
      assert.match(project.outputVideoKey!, /^factory\/.+\/video\.mp4$/)
      assert.equal(project.prepaidCredits, 0)
      const runs = new Map<string, string[]>()
      for (const row of ledger.filter((entry) =>
        entry.reference.startsWith(`project:${project.id}:`)
      )) {
        runs.set(row.reference, [...(runs.get(row.reference) ?? []), `${row.reason} ${row.amount}`])
      }
      for (const [reference, movements] of runs) {
        assert.deepEqual(movements, ['video_charge -5', 'refund 5'], reference)
      }
      // Cancelled back to a draft with its video, or never re-rendered (refused for credits).
      assert.equal(project.status, runs.size > 0 ? 'draft' : 'done')
    }
    assert.isAbove(ledger.filter((row) => row.reason === 'refund').length, 12)
    assert.equal(await assertBalanceIsLedger(assert, user), 60)
  }).timeout(120_000)
})
