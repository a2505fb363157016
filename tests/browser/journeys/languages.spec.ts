import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { probe } from '#media/ffmpeg/probe'
import { FRAME_RATE } from '#media/render/types'
import Project from '#studio/models/project'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { balanceOf } from '#tests/helpers/billing'
import { captionBrightPixels, framesOf } from '#tests/helpers/frames'
import { spokenWords } from '#tests/helpers/narration'
import { screens } from '#tests/helpers/screens'
import { startRenderWorker } from '#tests/helpers/studio'

type Journey = {
  name: 'japanese' | 'arabic'
  displayName: string
  /** Two 5-second scenes at the language's pace: 29 characters, 10 words. */
  script: string
  /** How the script counts in English, before the language is picked. */
  englishCount: string
  count: string
  voice: string
  voiceId: string
}

const JOURNEYS: Journey[] = [
  {
    name: 'japanese',
    displayName: 'Japanese',
    script: 'あさのみなとはしずかです。ふねがゆっくりとうみへでていきます。',
    englishCount: '1 word',
    count: '29 characters',
    voice: 'Yui (Japanese)',
    voiceId: 'ja+f3',
  },
  {
    name: 'arabic',
    displayName: 'Arabic',
    script: 'في الصباح يكون الميناء هادئا. يخرج الصيادون بقواربهم إلى البحر.',
    englishCount: '10 words',
    count: '10 words',
    voice: 'Omar (Arabic)',
    voiceId: 'ar',
  },
]

/**
 * /setup: a typed script, its language picked, karaoke captions → the
 * storyboard → Generate Final Video → the player; what /setup estimated
 * and the file's bytes.
 */
async function makeVideo(page: Page, journey: Journey, shot: (name: string) => Promise<unknown>) {
  await page.goto('/setup')
  const estimate = page.locator('p[aria-live="polite"] span.text-3xl')
  const script = page.locator('textarea#script')
  await script.fill(journey.script)
  await page.getByText(journey.englishCount, { exact: true }).first().waitFor()

  // The picker by its label and from the keyboard: focused, the language's first letters typed.
  await page.getByLabel('Video language').focus()
  await page.keyboard.type(journey.displayName.slice(0, 3))
  await page.getByText(journey.count, { exact: true }).first().waitFor()
  await page
    .getByLabel('Voice', { exact: true })
    .getByRole('option', { name: new RegExp(journey.voice.replace(/[()]/g, '\\$&')) })
    .waitFor({ state: 'attached' })
  await page.getByText('Karaoke', { exact: true }).click()
  await page.waitForFunction(
    ([name]) => {
      const preview = document.querySelector('[data-testid="captions-preview"]')
      return (
        preview instanceof HTMLImageElement &&
        preview.src.includes(`language=${name}`) &&
        preview.complete &&
        preview.naturalWidth > 0
      )
    },
    [journey.name]
  )
  const shown = Number(await estimate.textContent())
  await shot(`${journey.name}-setup`)
  await page.getByRole('button', { name: 'Continue to Storyboard' }).click()

  await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 60_000 })
  await page.locator('[data-testid="scene-card"]').first().waitFor()
  await shot(`${journey.name}-storyboard`)
  await page.getByRole('button', { name: 'Generate Final Video' }).click()
  await page.waitForURL(/\/status\/\d+$/)
  await page.waitForURL(/\/player\/\d+$/, { timeout: 120_000 })
  await page.locator('video').first().waitFor()
  await shot(`${journey.name}-player`)
  const source = await page.locator('video').first().getAttribute('src')
  const file = await page.request.get(source!)
  return { shown, video: await file.body() }
}

test.group('Journey: a creator makes a Japanese and an Arabic video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('types each script, picks its language, and gets a narrated, captioned video charged as estimated', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('languages.journey@example.com')
    await grantCredits(user, 40)
    await browserContext.loginAs(user)
    const page = await visit('/setup')
    const shot = screens(page, 'languages')

    const dir = await mkdtemp(join(tmpdir(), 'languages-journey-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    for (const journey of JOURNEYS) {
      const before = await balanceOf(user)
      const { shown, video } = await makeVideo(page, journey, shot)
      const after = await balanceOf(user)

      assert.equal(shown, 10, `${journey.name}: two scenes at its pace`)
      assert.equal(before - after, shown, `${journey.name}: charged what /setup estimated`)
      const project = await Project.query()
        .where('user_id', user.id)
        .orderBy('id', 'desc')
        .firstOrFail()
      assert.include(project.voice, { id: journey.voiceId, language: journey.name })

      const path = join(dir, `${journey.name}.mp4`)
      await writeFile(path, video)
      const { durationSeconds } = await probe(path)
      assert.approximately(durationSeconds, shown, 0.1, `${journey.name}: a second a credit`)

      // A frame while the first scene's first word is spoken shows its caption; one after its last word, none.
      const words = await spokenWords(project.id)
      const firstScene = words.filter((word) => word.endMs < 5000)
      const [first, last] = [firstScene[0], firstScene.at(-1)!]
      const [captioned, quiet] = await framesOf(path, [
        Math.round(((first.startMs + first.endMs) / 2000) * FRAME_RATE),
        Math.round(((last.endMs + 400) / 1000) * FRAME_RATE),
      ])
      await writeFile(`tmp/journeys/languages/${journey.name}-caption-frame.png`, captioned)
      const lit = await captionBrightPixels(captioned)
      assert.isAtLeast(lit, 30, `${journey.name}: caption pixels`)
      assert.isBelow(await captionBrightPixels(quiet), lit / 8, `${journey.name}: none once silent`)
    }
  }).timeout(300_000)
})
