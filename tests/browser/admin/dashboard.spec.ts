import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createOperator } from '#tests/helpers/admin'

test.group('Admin dashboard in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('at 1366 px the six stat cards share one row', async ({ assert, browserContext, visit }) => {
    await browserContext.loginAs(await createOperator())
    const page = await visit('/admin')
    await page.setViewportSize({ width: 1366, height: 768 })

    const cards = page.getByRole('region', { name: 'Statistics' }).locator('> *')
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    assert.equal(await cards.count(), 6)
    const tops = new Set<number>()
    for (const card of await cards.all()) tops.add(Math.round((await card.boundingBox())!.y))
    assert.equal(tops.size, 1)
  })
})
