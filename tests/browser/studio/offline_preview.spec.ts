import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createVideos } from '#tests/helpers/studio'

const NOTICE = 'Offline preview — images are drawn locally.'
const SWITCH = 'Set AI_DRIVER=fal and FAL_KEY in .env to generate with fal.ai.'

test.group('Offline preview: the local driver says what it is', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('setup, storyboard and player say the pictures are drawn locally, and how to switch', async ({
    browserContext,
    visit,
  }) => {
    const user = await createAccount('offline.notice@example.com')
    const project = await createProject(user, 2)
    const [videoId] = await createVideos(user, 1, () => ({ status: 'done' }))
    await browserContext.loginAs(user)

    for (const path of ['/setup', `/storyboard/${project.id}`, `/player/${videoId}`]) {
      const page = await visit(path)
      await page.getByTestId('offline-preview').getByText(NOTICE).waitFor()
      await page.assertTextContains('[data-testid="offline-preview"]', SWITCH)
      await page.close()
    }
  })
})
