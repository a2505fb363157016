import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Sidebar', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a collapsed sidebar stays collapsed after a reload, from the first paint', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const user = await createAccount('browser.sidebar@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/billing')
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor()

    await page.reload()
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor()
    const response = await page.request.get('/billing')
    const html = await response.text()
    assert.match(html, /&quot;sidebarCollapsed&quot;:true|"sidebarCollapsed":true/)

    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await page.reload()
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor()
  })
})
