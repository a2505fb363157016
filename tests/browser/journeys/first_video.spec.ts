import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { screens } from '#tests/helpers/screens'
import { fakeMail, lastSignInMail } from '#tests/helpers/auth'
import { startRenderWorker } from '#tests/helpers/studio'

/** Twenty words: two 5-second scenes, the 10 credits a new account gets. */
const SCRIPT =
  'A tram climbs the narrow street at dawn. Gulls circle the harbour while the first boats leave for the open sea.'

test.group('Journey: a new creator makes a first video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signs up by link, onboards, writes a script, builds a storyboard, generates, plays and downloads', async ({
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const mails = fakeMail(cleanup)

    const page = await visit('/auth?mode=signup')
    const shot = screens(page, 'first-video')
    await page.assertTextContains('body', 'Sign up and get 10 free credits')
    await page.getByLabel('Email').fill('first.video@example.com')
    await page.getByRole('button', { name: 'Sign up with magic link' }).click()
    await page.assertTextContains('body', 'Check your email')
    await shot('check-your-email')

    await page.goto(lastSignInMail(mails).link)
    await page.waitForURL('**/onboarding/plan')
    await page.assertTextContains('h1', 'Choose your plan')
    await shot('choose-plan')
    await page.getByText('Continue with Free (10 credits)').click()
    await page.waitForURL(/\/(create|setup)$/)

    await page.waitForURL('**/setup')
    await page.assertTextContains('h1', 'Set your video style')
    await page.locator('textarea#script').fill(SCRIPT)
    await page.getByText('Offline preview — images are drawn locally.').waitFor()
    await page.locator('p[aria-live="polite"]').getByText('10').waitFor()
    await shot('setup')
    await page.getByRole('button', { name: 'Continue to Storyboard' }).click()

    await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 60_000 })
    await page.assertElementsCount('[data-testid="scene-card"]', 2)
    await page.getByText('Gulls circle the harbour', { exact: false }).first().waitFor()
    await shot('storyboard')
    await page.getByRole('button', { name: 'Generate Final Video' }).click()

    await page.waitForURL(/\/status\/\d+$/)
    await page.assertTextContains('body', 'Project ID')
    await shot('status')

    await page.waitForURL(/\/player\/\d+$/, { timeout: 120_000 })
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video')
        return video !== null && video.readyState >= 1 && video.duration > 0
      },
      undefined,
      { timeout: 30_000 }
    )
    const duration = await page
      .locator('video')
      .first()
      .evaluate((video: HTMLVideoElement) => video.duration)
    assert.closeTo(duration, 10, 0.3)
    await page.assertTextContains('aside', '0 credits')
    await shot('player')

    const source = await page.locator('video').first().getAttribute('src')
    const file = await page.request.get(source!)
    assert.equal(file.status(), 200)
    assert.equal(file.headers()['content-type'], 'video/mp4')
    const bytes = await file.body()
    assert.isAbove(bytes.length, 10_000)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ])
    assert.match(download.suggestedFilename(), /\.mp4$/)
  })
})
