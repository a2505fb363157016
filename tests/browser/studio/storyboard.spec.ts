import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { createAccount } from '#tests/helpers/auth'

test.group('Studio in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('setup → AI script → continue → storyboard with stills; edit, delete and add a scene', async ({
    browserContext,
    visit,
    cleanup,
    assert,
  }) => {
    const queues = await app.container.make(QueueService)
    await queues.queue(GenerateSceneStillJob.queueName).obliterate({ force: true })
    const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
      GenerateSceneStillJob,
    ])
    await worker.start()
    cleanup(() => worker.stop())
    const user = await createAccount('studio.user@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/create')
    await page.waitForURL('**/setup')
    await page.assertTextContains('h1', 'Set your video style')

    await page.getByRole('button', { name: 'Generate Script with AI' }).click()
    await page.getByLabel('Description').fill('a beekeeper tending hives at sunrise')
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea#script') as HTMLTextAreaElement | null)?.value.length! >
        50
    )

    await page.getByText('AI Images to Video', { exact: false }).first().click()
    await page.getByRole('button', { name: 'Continue to Storyboard' }).click()
    await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 60_000 })

    const stills = page.locator('[data-testid="scene-card"] img')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="scene-card"]').length > 0 &&
        document.querySelectorAll('[data-testid="scene-card"] img').length ===
          document.querySelectorAll('[data-testid="scene-card"]').length,
      undefined,
      { timeout: 30_000 }
    )
    const before = await page.locator('[data-testid="scene-card"]').count()
    await stills.first().waitFor()

    await page
      .locator('[data-testid="scene-card"]')
      .first()
      .getByRole('button', { name: 'Edit' })
      .click()
    await page.getByRole('dialog').locator('textarea').fill('A bee lands on a sunflower')
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
    await page.assertTextContains('body', 'Scene updated successfully')
    const edited = page.locator('[data-testid="scene-card"]').first()
    await edited.getByText('A bee lands on a sunflower').waitFor()
    // Its picture still shows the old words: marked, until it is drawn again.
    await edited.getByText('Outdated — regenerate to redraw').waitFor()

    // Copy URL copies the scene's lasting, absolute address, which opens the picture.
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'])
    await edited.getByRole('button', { name: 'Copy URL' }).click()
    await page.assertTextContains('body', 'URL copied')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    assert.match(copied, /^http:\/\/[\w.:]+\/scenes\/\d+\/media$/)
    const opened = await page.request.get(copied)
    assert.equal(opened.status(), 200)
    assert.equal(opened.headers()['content-type'], 'image/jpeg')

    await edited.getByRole('button', { name: 'Regenerate' }).click()
    await edited
      .getByText('Outdated — regenerate to redraw')
      .waitFor({ state: 'detached', timeout: 30_000 })

    await page
      .locator('[data-testid="scene-card"]')
      .last()
      .getByRole('button', { name: 'Delete' })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.assertTextContains('body', 'Scene deleted successfully')
    await page.assertElementsCount('[data-testid="scene-card"]', before - 1)

    await page.getByRole('button', { name: 'Add Scene' }).click()
    await page.getByRole('dialog').locator('textarea').fill('The honey jar glows in the window')
    await page.getByRole('dialog').getByRole('button', { name: 'Add Scene' }).click()
    await page.assertTextContains('body', 'Scene added successfully')
    await page.assertElementsCount('[data-testid="scene-card"]', before)
  })
})
