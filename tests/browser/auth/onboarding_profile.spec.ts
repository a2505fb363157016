import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Onboarding profile in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a refused profile keeps what was typed and says why next to the field', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('profile.form@example.com')
    await browserContext.loginAs(user)
    const page = await visit('/onboarding/profile')

    await page.getByLabel('Username').fill('lighthouse')
    await page.getByLabel('What do you make videos about?').fill('n'.repeat(200))
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.assertTextContains('#niche-error', 'must not be greater than 120 characters')
    assert.equal(await page.getByLabel('Username').inputValue(), 'lighthouse')
    assert.equal(
      await page.getByLabel('What do you make videos about?').getAttribute('aria-invalid'),
      'true'
    )

    await page.getByLabel('What do you make videos about?').fill('travel')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/(create|setup)$/)
    await user.refresh()
    assert.equal(user.niche, 'travel')
  })
})
