import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Project from '#studio/models/project'
import { createAccount } from '#tests/helpers/auth'

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
