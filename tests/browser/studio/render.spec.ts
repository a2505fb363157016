import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createProject, startRenderWorker } from '#tests/helpers/studio'

test.group('Rendering in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('storyboard → Generate Final Video → status page → the player plays the video', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('viewer@example.com')
    const project = await createProject(user, 2)
    await browserContext.loginAs(user)

    const page = await visit(`/storyboard/${project.id}`)
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    await page.waitForURL(`**/status/${project.id}`)
    await page.assertTextContains('body', 'Project ID')

    await page.waitForURL(`**/player/${project.id}`, { timeout: 90_000 })
    const video = page.locator('video').first()
    await video.waitFor()
    await page.waitForFunction(
      () => {
        const element = document.querySelector('video')
        return element !== null && element.readyState >= 1 && element.duration > 0
      },
      undefined,
      { timeout: 30_000 }
    )
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration)
    assert.closeTo(duration, 10, 0.2)
    await page.assertTextContains('body', 'watermark')

    // Home's card leads to the player.
    await page.goto('/')
    await page.locator(`[data-video-id="${project.id}"] a`).first().click()
    await page.waitForURL(`**/player/${project.id}`)

    // Duplicate makes a new draft of the same scenes and opens its storyboard.
    await page.getByRole('button', { name: 'Duplicate' }).click()
    await page.waitForURL(/\/storyboard\/\d+$/)
    assert.notEqual(new URL(page.url()).pathname, `/storyboard/${project.id}`)
    await page.assertTextContains('body', 'Video duplicated')
    await page.locator('[data-testid="scene-card"]').nth(1).waitFor()
    assert.equal(await page.locator('[data-testid="scene-card"]').count(), 2)
  })
})
