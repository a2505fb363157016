import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Assert } from '@japa/assert'
import type { Page } from 'playwright'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import type User from '#auth/models/user'
import { probe } from '#media/ffmpeg/probe'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { callApi } from '#tests/helpers/api_tokens'
import { createAccount } from '#tests/helpers/auth'
import { planEffectsOf } from '#tests/helpers/billing'
import { watermarkContrast } from '#tests/helpers/frames'
import { screens } from '#tests/helpers/screens'
import { createProject, startRenderWorker } from '#tests/helpers/studio'

/** A plan's render quality as a 9:16 video's size at RENDER_SCALE 0.25 (.env.test). */
const VIDEO_SIZE = { '720p': '180x320', '1080p': '270x480', '2160p': '540x960' } as const

/** What a plan does, in the shape `planEffectsOf` reads it from the database. */
type Effects = Awaited<ReturnType<typeof planEffectsOf>>

const FREE = { plan: 'free', quality: '720p', watermark: true, api: false } as const
const PRO = { plan: 'pro', quality: '1080p', watermark: false, api: false } as const
const AGENCY = { plan: 'agency', quality: '2160p', watermark: false, api: true } as const

/** A one-scene video (5 credits) rendered from the storyboard, as a creator makes one. */
const VIDEO_CREDITS = 5

/**
 * One creator walking the money path in Chromium, and after each step what
 * the plan does: /billing, the database, a new video and the API.
 */
class PlansJourney {
  shot: (name: string) => Promise<Buffer>
  private token: string | null = null
  /** Each step's video, by step. */
  private videos = new Map<string, number>()

  constructor(
    private page: Page,
    private user: User,
    private assert: Assert,
    private dir: string
  ) {
    this.shot = screens(page, 'plans')
  }

  /**
   * /billing shows the plan the database holds, and the balance, which is
   * the sum of the user's ledger; then a new video renders as the plan says
   * and the API lets the token in only on Agency.
   */
  async holds(step: string, expected: Effects) {
    const { page, assert } = this
    assert.deepEqual(await planEffectsOf(assert, this.user), expected, step)
    await page.goto('/billing')
    const shown = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')
    await shown('Credits remaining').getByText(expected.credits.toLocaleString('en-US')).waitFor()
    assert.equal(await shown('Plan').innerText(), planName(expected.plan), step)
    assert.equal(await shown('Resolution').innerText(), expected.quality, step)
    assert.equal(
      await shown('Watermark').innerText(),
      expected.watermark ? 'Watermark on' : 'No watermark',
      step
    )
    await this.shot(`${step}-billing`)
    await this.rendersVideo(step, expected)
    await this.answersApi(step, expected)
  }

  /** Generate Final Video on a new one-scene storyboard; the MP4 the player serves, probed. */
  async rendersVideo(step: string, expected: Effects) {
    const { page, assert } = this
    const project = await createProject(this.user, 1)
    this.videos.set(step, project.id)
    await page.goto(`/storyboard/${project.id}`)
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    await page.waitForURL(`**/player/${project.id}`, { timeout: 120_000 })
    const credits = (expected.credits - VIDEO_CREDITS).toLocaleString('en-US')
    await page.locator('aside').getByText(`${credits} credits`).waitFor()
    const note = page.getByText('Your video includes a Reelforge watermark on the free plan.')
    assert.equal(await note.isVisible(), expected.watermark, `${step}: the watermark note`)
    await this.shot(`${step}-player`)

    const source = await page.locator('video').first().getAttribute('src')
    const served = await page.request.get(source!)
    assert.equal(served.status(), 200)
    const videoPath = join(this.dir, `${step}.mp4`)
    await writeFile(videoPath, await served.body())
    const { streams } = await probe(videoPath)
    const video = streams.find((stream) => stream.codecType === 'video')
    assert.equal(`${video?.width}x${video?.height}`, VIDEO_SIZE[expected.quality], step)

    const [scene] = await Scene.query().where('project_id', project.id)
    const still = Buffer.from(await new MediaStorage().read(scene.clipSourceKey!))
    const contrast = await watermarkContrast(videoPath, still)
    assert.equal(contrast.watermark, expected.watermark, `${step}: ${JSON.stringify(contrast)}`)
  }

  /** The player's watermark note speaks of the video: as it was made, whatever the plan is now. */
  async notesWatermarkOf(step: string, watermarked: boolean) {
    await this.page.goto(`/player/${this.videos.get(step)}`)
    await this.page.locator('video').first().waitFor()
    const note = this.page.getByText('Your video includes a Reelforge watermark on the free plan.')
    this.assert.equal(await note.isVisible(), watermarked, `${step}'s video, seen on Free`)
  }

  /** /profile offers tokens only on Agency; a token made there is let in only on Agency. */
  async answersApi(step: string, expected: Effects) {
    const { page, assert } = this
    await page.goto('/profile')
    const createToken = page.getByRole('button', { name: 'Create token' })
    if (expected.api) {
      await createToken.waitFor()
    } else {
      await page.getByText('API access is part of the Agency plan').waitFor()
      assert.isFalse(await createToken.isVisible(), `${step}: no token can be created`)
    }
    if (expected.api && !this.token) {
      await page.getByLabel('Token name').fill('Publishing script')
      await createToken.click()
      this.token = await page.getByLabel('New API token').inputValue()
      await this.shot(`${step}-token`)
    }
    if (!this.token) return
    const me = await callApi('GET', '/api/me', { token: this.token })
    if (expected.api) {
      assert.equal(me.status, 200, step)
      assert.equal(me.body.plan, expected.plan)
    } else {
      assert.deepEqual([me.status, me.body.message], [403, API_ACCESS_REQUIRED], step)
    }
  }

  /** Manage Billing on /billing opens the test portal. */
  async openPortal() {
    await this.page.goto('/billing')
    await this.page.getByRole('button', { name: 'Manage Billing' }).click()
    await this.page.waitForURL('**/billing/test-portal')
    await this.page.getByRole('heading', { name: 'Manage billing' }).waitFor()
  }

  /** A change on the test portal (confirmed in its dialog, when it asks), done once its toast says so. */
  async change(button: string, toast: string | RegExp, step: string, confirm?: string) {
    const { page } = this
    await this.openPortal()
    await page.getByRole('button', { name: button }).click()
    if (confirm) {
      await page.getByRole('alertdialog').getByRole('button', { name: confirm }).click()
    }
    await page.getByText(toast).waitFor()
    await this.shot(`${step}-portal`)
  }
}

function planName(plan: string) {
  return plan.charAt(0).toUpperCase() + plan.slice(1)
}

test.group(
  'Journey: a creator moves through the plans on the test checkout and portal',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('Free → Pro → Agency → Pro → cancel at period end → resume → cancel now: each step renders, bills and gates as its plan says', async ({
      browserContext,
      visit,
      assert,
      cleanup,
    }) => {
      await startRenderWorker(cleanup)
      const dir = await mkdtemp(join(tmpdir(), 'reelforge-plans-'))
      cleanup(() => rm(dir, { recursive: true, force: true }))
      const user = await createAccount('plans.journey@example.com')
      await browserContext.loginAs(user)
      const page = await visit('/billing')
      await page.setViewportSize({ width: 1366, height: 768 })
      const journey = new PlansJourney(page, user, assert, dir)

      await journey.holds('free', { ...FREE, credits: 10 })

      await page.goto('/billing')
      await page
        .locator('[data-testid="plan-pro"]')
        .getByRole('button', { name: 'Upgrade to Pro' })
        .click()
      await page.waitForURL(/\/billing\/test-checkout\/cs_local_/)
      await journey.shot('pro-checkout')
      await page.getByRole('button', { name: 'Pay $9' }).click()
      await page.waitForURL(/\/billing\?checkout=success$/)
      await journey.holds('pro', { ...PRO, credits: 1205 })

      await journey.change(
        'Switch to Agency',
        'You are now on Agency: its 6,000 credits are in your balance.',
        'agency',
        'Pay $29 and switch'
      )
      await journey.holds('agency', { ...AGENCY, credits: 7200 })

      await journey.change(
        'Switch to Pro',
        'You are now on Pro, billed at its price from the next renewal.',
        'pro-again',
        'Switch to Pro'
      )
      await journey.holds('pro-again', { ...PRO, credits: 7195 })

      await journey.change(
        'Cancel at period end',
        /^Your subscription will end on [A-Z][a-z]+ \d{1,2}, \d{4}\. Until then nothing changes\.$/,
        'cancel-at-period-end'
      )
      await page.getByText(/^Ends /).waitFor()
      await journey.holds('cancel-at-period-end', { ...PRO, credits: 7190 })

      await journey.change(
        'Resume subscription',
        'Your subscription will renew as usual.',
        'resume'
      )
      await page.getByText('Active', { exact: true }).waitFor()
      await journey.holds('resume', { ...PRO, credits: 7185 })

      await journey.openPortal()
      await page.getByRole('button', { name: 'Cancel now' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByText('Cancel your subscription now?').waitFor()
      await page.setViewportSize({ width: 390, height: 844 })
      await journey.shot('cancel-now-dialog-phone')
      await page.setViewportSize({ width: 1366, height: 768 })
      await dialog.getByRole('button', { name: 'Cancel now' }).click()
      await page.getByText('Your subscription has ended.').waitFor()
      await page.getByText('You have no subscription.').waitFor()
      await journey.shot('cancel-now-portal')
      await journey.holds('free-again', { ...FREE, credits: 7180 })
      await journey.notesWatermarkOf('agency', false)
      await journey.notesWatermarkOf('free', true)
      // Seven renders one after the other, each up to a worker's minute on a busy two-core machine.
    }).timeout(420_000)
  }
)
