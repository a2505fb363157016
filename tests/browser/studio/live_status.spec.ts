import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { GenerateVideo } from '#studio/actions/generate_video'
import { createAccount } from '#tests/helpers/auth'
import { createProject, startRenderWorker, waitForStatus } from '#tests/helpers/studio'

test.group('Live status in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the status page reaches the player within 2.5 s of the compose job ending', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('live.status@example.com')
    const project = await createProject(user, 1)
    await browserContext.loginAs(user)

    const subscribed = browserContext.waitForEvent('response', (response) =>
      response.url().includes('/__transmit/subscribe')
    )
    const page = await visit(`/status/${project.id}`)
    const subscription = await subscribed
    assert.equal(subscription.status(), 204)
    const reachedPlayer = page
      .waitForURL(`**/player/${project.id}`, { timeout: 90_000 })
      .then(() => Date.now())

    const generate = await app.container.make(GenerateVideo)
    const started = await generate.handle(project.id, user.id)
    assert.equal(started.status, 'started')
    const done = await waitForStatus(project.id, ['done'], 90_000)

    // The event, not the 5 s poll: the 2 s pause on "ready" (docs/product.md, Status) included.
    const elapsed = (await reachedPlayer) - done.updatedAt.toMillis()
    assert.isAtMost(elapsed, 2500)
    await page.assertTextContains('h1', 'Your Video')
  })

  test('a run in progress shows its own time left, counting down', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('time.left@example.com')
    const project = await createProject(user, 6)
    // Six 4K scenes queued a moment ago and no worker: the estimate alone moves.
    await project
      .merge({
        status: 'processing',
        progressPercent: 33,
        renderRun: 1,
        renderPixels: 2160 * 3840,
        renderScenes: 6,
        renderStartedAt: DateTime.now(),
      })
      .save()
    await browserContext.loginAs(user)

    const page = await visit(`/status/${project.id}`)
    const estimate = page.getByTestId('estimated-time')
    const first = await estimate.textContent()
    assert.match(first!, /^About \d+ seconds left$/)
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="estimated-time"]')?.textContent !== before,
      first,
      { timeout: 15_000 }
    )
    const later = Number((await estimate.textContent())!.match(/\d+/)?.[0] ?? 0)
    assert.isBelow(later, Number(first!.match(/\d+/)![0]))
  })
})
