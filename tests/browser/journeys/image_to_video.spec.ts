import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { screens } from '#tests/helpers/screens'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { startRenderWorker } from '#tests/helpers/studio'
import { makePicture, type PictureShape } from '#tests/helpers/pictures'
import { PICTURE_SIMILARITY_THRESHOLD, sceneSimilarities } from '#tests/helpers/picture_similarity'

/** Three photos of different shapes, each a colour with a white disc: one a scene. */
const PHOTOS: [string, PictureShape][] = [
  ['harbour.jpg', { width: 640, height: 360, background: '#c81e1e' }],
  ['tower.jpg', { width: 360, height: 640, background: '#1e9632' }],
  ['square.jpg', { width: 480, height: 480, background: '#1e3cc8' }],
]

const SCRIPT =
  'The harbour glows red at dusk. A green tower stands over the town. The night turns deep blue.'

test.group('Journey: a creator turns their own photos into a video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('uploads three photos, builds the storyboard from them, renders, and the video shows them', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const dir = await mkdtemp(join(tmpdir(), 'reelforge-photos-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    const files: string[] = []
    const photos: Buffer[] = []
    for (const [name, shape] of PHOTOS) {
      const path = join(dir, name)
      const photo = await makePicture(shape)
      await writeFile(path, photo)
      files.push(path)
      photos.push(photo)
    }
    const user = await createAccount('photos@example.com')
    await grantCredits(user, 20)
    await browserContext.loginAs(user)

    const page = await visit('/setup')
    const shot = screens(page, 'image-to-video')
    await page.getByText('Image to Video', { exact: true }).click()
    await page.getByLabel('Choose pictures').setInputFiles(files)
    await page.getByText('Complete', { exact: true }).nth(2).waitFor({ timeout: 30_000 })
    await page.locator('textarea#script').fill(SCRIPT)
    await page.locator('p[aria-live="polite"]').getByText('15').waitFor()
    await page.getByText('3 pictures: 15 seconds of video.').waitFor()
    await shot('setup')
    await page.getByRole('button', { name: 'Continue to Storyboard' }).click()

    await page.waitForURL(/\/storyboard\/\d+$/, { timeout: 60_000 })
    await page.assertElementsCount('[data-testid="scene-card"]', 3)
    await page.getByText('A green tower stands over the town.').waitFor()
    await page.getByRole('button', { name: 'Replace picture' }).first().waitFor()
    await shot('storyboard')
    await page.getByRole('button', { name: 'Generate Final Video' }).click()

    await page.waitForURL(/\/player\/\d+$/, { timeout: 120_000 })
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video')
        return video !== null && video.readyState >= 1 && video.duration > 0
      },
      undefined,
      { timeout: 30_000 }
    )
    await shot('player')
    const source = await page.locator('video').first().getAttribute('src')
    const file = await page.request.get(source!)
    assert.equal(file.status(), 200)
    const video = join(dir, 'video.mp4')
    await writeFile(video, await file.body())

    // Each scene's frames are the creator's photo, in order: not a drawing of the words.
    const scores = await sceneSimilarities(
      video,
      photos.map((picture, index) => ({
        startSeconds: index * 5,
        endSeconds: (index + 1) * 5,
        picture,
      }))
    )
    for (const [index, score] of scores.entries()) {
      assert.isAbove(score, PICTURE_SIMILARITY_THRESHOLD, `scene ${index + 1} shows its photo`)
    }
  })
})
