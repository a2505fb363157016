import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { ProjectFactory } from '#database/factories/project_factory'
import { RenderEstimates } from '#studio/queries/render_estimates'
import { createAccount } from '#tests/helpers/auth'

const HD_PORTRAIT = 720 * 1280
const FULL_HD_PORTRAIT = 1080 * 1920
const UHD_PORTRAIT = 2160 * 3840

test.group('Studio: render time estimates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function runningProject(pixels: number, scenes: number, startedSecondsAgo = 0) {
    const owner = await createAccount(
      `estimate-${pixels}-${scenes}-${startedSecondsAgo}@example.com`
    )
    return ProjectFactory.merge({
      userId: owner.id,
      status: 'processing',
      renderRun: 1,
      renderPixels: pixels,
      renderScenes: scenes,
      renderStartedAt: DateTime.now().minus({ seconds: startedSecondsAgo }),
    }).create()
  }

  async function pastRender(pixels: number, scenes: number, seconds: number) {
    const owner = await createAccount(`past-${pixels}-${scenes}-${seconds}@example.com`)
    const finished = DateTime.now().minus({ minutes: 5 })
    await ProjectFactory.apply('done')
      .merge({
        userId: owner.id,
        renderPixels: pixels,
        renderScenes: scenes,
        renderStartedAt: finished.minus({ seconds }),
        renderFinishedAt: finished,
      })
      .create()
  }

  test('before any render is measured: six scenes in about 5 s at 720p, 10 s at 1080p, 34 s at 4K', async ({
    assert,
  }) => {
    const estimates = new RenderEstimates()
    const hd = await estimates.forRun(await runningProject(HD_PORTRAIT, 6))
    const fullHd = await estimates.forRun(await runningProject(FULL_HD_PORTRAIT, 6))
    const uhd = await estimates.forRun(await runningProject(UHD_PORTRAIT, 6))
    // npm run bench:e2e on a quiet 2-core machine: 5.2 s, 10.1 s and 34.3 s.
    assert.closeTo(hd!.totalSeconds, 5.2, 5.2 * 0.3)
    assert.closeTo(fullHd!.totalSeconds, 10.1, 10.1 * 0.3)
    assert.closeTo(uhd!.totalSeconds, 34.3, 34.3 * 0.3)
  })

  test('a machine twice as slow as the prior is learnt from its recent renders', async ({
    assert,
  }) => {
    const estimates = new RenderEstimates()
    const before = await estimates.forRun(await runningProject(HD_PORTRAIT, 4))
    const priors: { scenes: number; seconds: number }[] = []
    for (const scenes of [2, 4, 6]) {
      const prior = await estimates.forRun(await runningProject(HD_PORTRAIT, scenes))
      priors.push({ scenes, seconds: prior!.totalSeconds })
    }
    for (const { scenes, seconds } of priors) {
      await pastRender(HD_PORTRAIT, scenes, seconds * 2)
    }
    const after = await estimates.forRun(await runningProject(HD_PORTRAIT, 4))
    assert.closeTo(after!.totalSeconds, before!.totalSeconds * 2, 2)
  })

  test('the time left shrinks as the run goes on, and a run far past it is overdue', async ({
    assert,
  }) => {
    const estimates = new RenderEstimates()
    const fresh = (await estimates.forRun(await runningProject(UHD_PORTRAIT, 6, 0)))!
    const halfway = (await estimates.forRun(await runningProject(UHD_PORTRAIT, 6, 15)))!
    const late = (await estimates.forRun(await runningProject(UHD_PORTRAIT, 6, 60)))!
    assert.closeTo(fresh.remainingSeconds, fresh.totalSeconds, 1)
    assert.closeTo(halfway.remainingSeconds, fresh.totalSeconds - 15, 1)
    assert.isFalse(halfway.overdue)
    assert.equal(late.remainingSeconds, 1)
    assert.isTrue(late.overdue)
  })

  test('a project that never ran has no estimate', async ({ assert }) => {
    const owner = await createAccount('never@example.com')
    const draft = await ProjectFactory.merge({ userId: owner.id }).create()
    assert.isNull(await new RenderEstimates().forRun(draft))
  })
})
