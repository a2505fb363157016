import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { GenerateVideo } from '#studio/actions/generate_video'
import Scene from '#studio/models/scene'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { HAILUO_TEXT_ENDPOINT } from '#tests/helpers/fakes/fake_fal'
import { createProject, startRenderWorker, useFakeFal, waitForStatus } from '#tests/helpers/studio'

test.group('A cancelled re-render in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Edit & Regenerate, Generate Final Video, Cancel Processing: the earlier video still plays on the player', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    const fal = await useFakeFal(cleanup, { stillWidth: 180 })
    await startRenderWorker(cleanup)
    const user = await createAccount('kept.browser@example.com')
    await grantCredits(user, 20)
    const project = await createProject(user, 2, { aspectRatio: '16:9' })
    const generate = await app.container.make(GenerateVideo)
    const started = await generate.handle(project.id, user.id)
    assert.equal(started.status, 'started')
    const first = await waitForStatus(project.id, ['done', 'failed'], 120_000)
    assert.equal(first.status, 'done', first.error ?? '')
    // Scene 1 has new words, so the re-render waits at fal for its clip until it is cancelled.
    await Scene.query()
      .where('project_id', project.id)
      .where('order', 1)
      .update({ prompt: 'A lighthouse in a storm', clipSourceKey: null, status: 'pending' })
    fal.setBehaviour(HAILUO_TEXT_ENDPOINT, 'never_completes')
    await browserContext.loginAs(user)

    const page = await visit(`/player/${project.id}`)
    await page.getByRole('link', { name: 'Edit & Regenerate' }).click()
    await page.waitForURL(`**/storyboard/${project.id}`)
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    await page.waitForURL(`**/status/${project.id}`)
    await page.getByText('Re-rendering… your previous video stays available.').waitFor()
    await page.getByRole('button', { name: 'Cancel Processing' }).click({ timeout: 30_000 })
    await page.waitForURL(`**/storyboard/${project.id}`)

    await page.goto(`/player/${project.id}`)
    await page
      .getByText('The re-render was cancelled; your previous video stays available.')
      .waitFor()
    await page.waitForFunction(
      () => {
        const element = document.querySelector('video')
        return element !== null && element.readyState >= 1 && element.duration > 0
      },
      undefined,
      { timeout: 30_000 }
    )
    const duration = await page
      .locator('video')
      .first()
      .evaluate((element: HTMLVideoElement) => element.duration)
    assert.closeTo(duration, 10, 0.2)
    await project.refresh()
    assert.equal(project.status, 'draft')
    assert.equal(project.outputVideoKey, first.outputVideoKey)

    // My Videos' card leads to the same player and says what happened.
    await page.goto('/videos')
    const card = page.locator(`[data-video-id="${project.id}"]`)
    await card
      .getByText('The re-render was cancelled; your previous video stays available.')
      .waitFor()
    await card.locator('a').first().click()
    await page.waitForURL(`**/player/${project.id}`)
  }).timeout(180_000)
})
