import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Assert } from '@japa/assert'
import type { BrowserContext, Page } from 'playwright'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { createAccount } from '#tests/helpers/auth'
import { until } from '#tests/helpers/wait'

const SCRIPT =
  'A lighthouse stands on the cliff. The keeper climbs the stairs. ' +
  'The lamp turns over the sea. A ship finds the harbour.'

/** Far under the 30 s poll that stands in for a lost event while the channel is up. */
const PROMPTLY_MS = 4000

async function stillsWorker(cleanup: (fn: () => Promise<void>) => void) {
  const queues = await app.container.make(QueueService)
  await queues.queue(GenerateSceneStillJob.queueName).obliterate({ force: true })
  const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
    GenerateSceneStillJob,
  ])
  cleanup(() => worker.stop())
  return worker
}

async function continueWithAiImages(page: Page) {
  await page.locator('textarea#script').fill(SCRIPT)
  await page.getByText('AI Images to Video', { exact: false }).first().click()
  await page.getByRole('button', { name: 'Continue to Storyboard' }).click()
}

/** The storyboard shows a still on every scene, each drawn. */
async function assertStoryboardStills(page: Page, assert: Assert) {
  const projectId = Number(new URL(page.url()).pathname.split('/').at(-1))
  const scenes = await Scene.query().where('project_id', projectId)
  assert.isAbove(scenes.length, 1)
  assert.isTrue(scenes.every((scene) => scene.thumbnailKey !== null))
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="scene-card"] img').length === count,
    scenes.length,
    { timeout: 2000 }
  )
}

/** The user's project has scenes, each with its still. */
async function allDrawn(userId: number) {
  const scenes = await Scene.query().whereIn(
    'project_id',
    Project.query().where('user_id', userId).select('id')
  )
  return scenes.length > 0 && scenes.every((scene) => scene.thumbnailKey !== null)
}

function subscribed(browserContext: BrowserContext) {
  return browserContext.waitForEvent('response', (response) =>
    response.url().includes('/__transmit/subscribe')
  )
}

test.group('Setup: the AI images wait', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('stills drawn before the page subscribes: the storyboard opens once it does', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    const worker = await stillsWorker(cleanup)
    await worker.start()
    const user = await createAccount('stills.early@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/setup')
    // The channel comes up only after the last still is drawn: no event reaches the page.
    let drawnAt = 0
    await page.route('**/__transmit/subscribe', async (route) => {
      await until(() => allDrawn(user.id), 20_000, 'the stills drawn')
      drawnAt = Date.now()
      await route.continue()
    })
    await continueWithAiImages(page)

    await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 30_000 })
    assert.isAtMost(Date.now() - drawnAt, PROMPTLY_MS)
    await assertStoryboardStills(page, assert)
  })

  test('stills drawn while the page listens: their events open the storyboard', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    const worker = await stillsWorker(cleanup)
    const user = await createAccount('stills.live@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/setup')
    const subscription = subscribed(browserContext)
    await continueWithAiImages(page)
    await page.waitForURL(/\/setup\?stills=\d+$/)
    const channel = await subscription
    assert.equal(channel.status(), 204)
    await page.getByText(/^0 of \d+ scenes ready$/).waitFor()

    await worker.start()
    const listening = Date.now()
    await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 30_000 })
    assert.isAtMost(Date.now() - listening, PROMPTLY_MS)
    await assertStoryboardStills(page, assert)
  })
})
