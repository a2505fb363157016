import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createOperator } from '#tests/helpers/admin'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createVideos } from '#tests/helpers/studio'

const DRAWN = 'Offline preview — images are drawn locally.'
const ANIMATED = 'Offline preview — your pictures are animated locally.'
const MADE = 'Offline preview — this video was made locally.'
const SWITCH = 'Set AI_DRIVER=fal and FAL_KEY in .env to generate with fal.ai.'

test.group('Offline preview: the local driver says what it is', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a creator reads a plain note on setup, storyboard and player, never the operator’s switch', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const user = await createAccount('offline.notice@example.com')
    const project = await createProject(user, 2)
    const [videoId] = await createVideos(user, 1, () => ({ status: 'done' }))
    await browserContext.loginAs(user)

    for (const [path, headline] of [
      ['/setup', DRAWN],
      [`/storyboard/${project.id}`, DRAWN],
      [`/player/${videoId}`, MADE],
    ]) {
      const page = await visit(path)
      const notice = page.getByTestId('offline-preview')
      await notice.getByText(headline).waitFor()
      assert.notInclude(await notice.innerText(), 'AI_DRIVER', path)
      await page.close()
    }
  })

  test('in Image to Video the note says the pictures are animated, not drawn', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('offline.pictures@example.com'))
    const page = await visit('/setup')
    const notice = page.getByTestId('offline-preview')
    await notice.getByText(DRAWN).waitFor()

    await page.getByText('Image to Video', { exact: true }).click()

    await notice.getByText(ANIMATED).waitFor()
    assert.notInclude(await notice.innerText(), 'drawn')
  })

  test('the operator also reads how to switch to fal.ai', async ({ browserContext, visit }) => {
    await browserContext.loginAs(await createOperator())
    const page = await visit('/setup')
    await page.getByTestId('offline-preview').getByText(DRAWN).waitFor()
    await page.assertTextContains('[data-testid="offline-preview"]', SWITCH)
  })
})
