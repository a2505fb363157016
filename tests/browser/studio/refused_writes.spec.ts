import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Project from '#studio/models/project'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'

test.group('Studio in the browser: refused writes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a scene edit refused by the server shows the page’s own title with the reason beneath', async ({
    browserContext,
    visit,
  }) => {
    const user = await createAccount('refused.edit@example.com')
    const project = await createProject(user, 2)
    await browserContext.loginAs(user)
    const page = await visit(`/storyboard/${project.id}`)
    await page.locator('[data-testid="scene-card"]').first().waitFor()

    // Meanwhile the video started generating (from another tab, say): the edit is refused.
    await Project.query().where('id', project.id).update({ status: 'queued' })
    await page
      .locator('[data-testid="scene-card"]')
      .first()
      .getByRole('button', { name: 'Edit' })
      .click()
    await page.getByRole('dialog').locator('textarea').fill('A lighthouse in the fog')
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to update scene' })
    await toast.waitFor()
    await toast.getByText('This project is being generated; wait or cancel first.').waitFor()
  })
})
