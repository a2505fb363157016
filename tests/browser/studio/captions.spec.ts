import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { readFile } from 'node:fs/promises'
import Project from '#studio/models/project'
import { createAccount } from '#tests/helpers/auth'
import { cueTimes, spokenWords } from '#tests/helpers/narration'
import { createProject, startRenderWorker } from '#tests/helpers/studio'

test.group('Setup: the Captions card', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('picking karaoke redraws the preview with the script, and the project keeps it', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('captions.card@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/setup')
    await page.locator('textarea#script').fill('The keeper climbed the stairs every night.')
    const preview = page.getByTestId('captions-preview')
    const drawn = async () => {
      await page.waitForFunction(
        (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
        await preview.elementHandle()
      )
      return preview.screenshot()
    }
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.src.includes('keeper'),
      await preview.elementHandle()
    )
    const classic = await drawn()
    assert.include(await preview.getAttribute('src'), 'style=phrase')

    await page.getByText('Karaoke', { exact: true }).click()
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.src.includes('style=karaoke'),
      await preview.elementHandle()
    )
    const karaoke = await drawn()

    assert.notDeepEqual(karaoke, classic)
    await page.getByRole('button', { name: /Continue/ }).click()
    await page.waitForURL('**/storyboard/*')
    const project = await Project.query().where('user_id', user.id).firstOrFail()
    assert.equal(project.captions.style, 'karaoke')
    assert.equal(project.captions.font, 'montserrat')
  }).timeout(60_000)
})

test.group('Storyboard: the Captions card, to the downloaded SRT', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('one word at a time, saved on the storyboard, renders; the SRT cues are the narration’s words, in time', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('captions.journey@example.com')
    const project = await createProject(user, 2)
    await browserContext.loginAs(user)

    const page = await visit(`/storyboard/${project.id}`)
    const preview = page.getByTestId('captions-preview')
    await preview.waitFor()
    assert.include(await preview.getAttribute('src'), 'style=phrase')
    await page.getByText('One word', { exact: true }).click()
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.src.includes('style=word'),
      await preview.elementHandle()
    )
    await page.getByRole('button', { name: 'Save captions' }).click()
    await page.assertTextContains('body', 'Captions updated')
    await project.refresh()
    assert.equal(project.captions.style, 'word')

    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    await page.waitForURL(`**/player/${project.id}`, { timeout: 120_000 })
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'SRT' }).click()
    const download = await downloading
    const srt = await readFile((await download.path())!, 'utf8')

    const words = await spokenWords(project.id)
    assert.isAbove(words.length, 4)
    let next = 0
    for (const block of srt.trim().split('\n\n')) {
      const [, times, ...lines] = block.split('\n')
      const [startMs, endMs] = cueTimes(times)
      const cueWords = lines.join(' ').split(' ')
      const spoken = words.slice(next, next + cueWords.length)
      assert.deepEqual(
        cueWords,
        spoken.map((word) => word.text),
        `cue "${lines.join(' ')}"`
      )
      assert.closeTo(startMs, spoken[0].startMs, 50, `start of "${lines.join(' ')}"`)
      assert.isAtLeast(endMs, spoken.at(-1)!.endMs - 50, `end of "${lines.join(' ')}"`)
      next += cueWords.length
    }
    assert.equal(next, words.length)
  }).timeout(180_000)
})
