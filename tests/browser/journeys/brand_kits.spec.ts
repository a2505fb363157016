import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright'
import sharp from 'sharp'
import { probe } from '#media/ffmpeg/probe'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'
import { colourAt, framesOf, near, type Colour } from '#tests/helpers/frames'
import { screens } from '#tests/helpers/screens'
import { startRenderWorker } from '#tests/helpers/studio'

/** One 5-second scene. */
const SCRIPT = 'A red fox runs across the snow at dawn.'

type Kit = { name: string; primary: string; background: Colour; logo: Colour }

const NORTH: Kit = {
  name: 'North Coffee',
  primary: '#7C2D12',
  background: { r: 0x7c, g: 0x2d, b: 0x12 },
  logo: { r: 20, g: 60, b: 230 },
}
const SOUTH: Kit = {
  name: 'South Tea',
  primary: '#0F766E',
  background: { r: 0x0f, g: 0x76, b: 0x6e },
  logo: { r: 250, g: 210, b: 20 },
}

/** A square logo in one opaque colour, as a PNG file the form's picker takes. */
async function logoFile(colour: Colour) {
  const buffer = await sharp({
    create: { width: 120, height: 120, channels: 4, background: { ...colour, alpha: 1 } },
  })
    .png()
    .toBuffer()
  return { name: 'logo.png', mimeType: 'image/png', buffer }
}

async function createKit(page: Page, kit: Kit) {
  await page.getByRole('button', { name: 'New brand kit' }).click()
  const form = page.getByRole('form', { name: 'New brand kit' })
  await form.getByLabel('Name').fill(kit.name)
  await form.getByLabel('Primary colour', { exact: true }).fill(kit.primary)
  await form.getByLabel('Upload logo').setInputFiles(await logoFile(kit.logo))
  await form.getByRole('button', { name: 'Remove logo' }).waitFor({ timeout: 30_000 })
  await form.getByLabel('Corner').selectOption('top-left')
  await form.getByLabel('Size (%)').fill('20')
  await form.getByLabel('Opacity (%)').fill('100')
  await form.getByLabel('Show an intro card').check()
  await form.getByLabel('Title').fill(kit.name)
  await form.getByLabel('Show an outro card').check()
  await form.getByLabel('Call to action').fill('Follow us')
  await form.getByRole('button', { name: 'Create brand kit' }).click()
  await form.waitFor({ state: 'detached' })
  const card = page.getByRole('listitem').filter({ hasText: kit.name })
  await card.getByRole('img', { name: `${kit.name} logo` }).waitFor()
}

/** /setup with the kit chosen → storyboard → Generate Final Video → the player; the file's bytes. */
async function makeVideo(page: Page, kit: Kit, shot: (name: string) => Promise<unknown>) {
  await page.goto('/setup')
  await page.locator('textarea#script').fill(SCRIPT)
  const picker = page.getByRole('radiogroup', { name: 'Brand Kit' })
  await picker.getByText(kit.name, { exact: true }).click()
  await picker.getByRole('radio', { name: kit.name, checked: true }).waitFor({ state: 'attached' })
  // 5 s of scene, 1.5 s of intro and 2.5 s of outro; 5 credits.
  await page.getByText('9 seconds with intro and outro').waitFor()
  await shot(`${kit.name} setup`)
  await page.getByRole('button', { name: 'Continue to Storyboard' }).click()

  await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 60_000 })
  await page.getByText(`Brand kit ${kit.name}, version 1`, { exact: false }).waitFor()
  await shot(`${kit.name} storyboard`)
  await page.getByRole('button', { name: 'Generate Final Video' }).click()
  await page.waitForURL(/\/status\/\d+$/)
  await page.getByText(`with brand kit ${kit.name} (version 1)`, { exact: false }).waitFor()
  await page.waitForURL(/\/player\/\d+$/, { timeout: 120_000 })
  const source = await page.locator('video').first().getAttribute('src')
  const file = await page.request.get(source!)
  return file.body()
}

test.group('Journey: an agency makes a video for each of two clients', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('two kits with their own logos and colours; each video shows its own', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('agency.journey@example.com')
    await setAccount(user, { plan: 'agency' })
    await grantCredits(user, 20)
    await browserContext.loginAs(user)
    const page = await visit('/brands')
    const shot = screens(page, 'brand-kits-journey')

    await createKit(page, NORTH)
    await createKit(page, SOUTH)
    await shot('kits')

    const dir = await mkdtemp(join(tmpdir(), 'brand-journey-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    for (const kit of [NORTH, SOUTH]) {
      const path = join(dir, `${kit.name}.mp4`)
      await writeFile(path, await makeVideo(page, kit, shot))
      await shot(kit.name)
      const { durationSeconds } = await probe(path)
      assert.approximately(durationSeconds, 9, 0.1, kit.name)

      // The intro's first frame in the kit's colour; in the scene, its logo top-left.
      const [intro, scene] = await framesOf(path, [0, 90])
      const background = await colourAt(intro, 8, 8, 8)
      assert.isTrue(
        near(background, kit.background, 30),
        `${kit.name}: ${JSON.stringify(background)}`
      )
      const { width, height } = await sharp(scene).metadata()
      const short = Math.min(width, height)
      const centre = Math.round(short * 0.04 + (short * 0.2) / 2)
      const logo = await colourAt(scene, centre, centre, 8)
      assert.isTrue(near(logo, kit.logo, 30), `${kit.name}'s logo: ${JSON.stringify(logo)}`)
    }
  })
})
