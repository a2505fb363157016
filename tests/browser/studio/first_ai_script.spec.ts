import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { balanceOf } from '#tests/helpers/billing'

test.group('Setup: a new user’s first AI script fits the free credits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the AI dialog picks a length the free credits pay for, and its script costs no more', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('first.ai.script@example.com')
    assert.equal(await balanceOf(user), 10)
    await browserContext.loginAs(user)

    const page = await visit('/setup')
    await page.getByRole('button', { name: 'Generate Script with AI' }).click()
    const lengths = page.getByLabel('Script length')
    // The dialog is a chunk of its own: its lengths are read once it has painted them.
    await lengths.locator('option').first().waitFor({ state: 'attached' })
    const options = await lengths.locator('option').evaluateAll((elements) =>
      (elements as HTMLOptionElement[]).map((option) => ({
        text: option.textContent ?? '',
        disabled: option.disabled,
      }))
    )
    const choosable = options.filter((option) => !option.disabled).map((option) => option.text)
    assert.deepEqual(choosable, ['5 seconds · 5 credits', '10 seconds · 10 credits'])
    assert.isTrue(
      options
        .filter((option) => option.disabled)
        .every((option) => option.text.includes('more than your 10'))
    )
    assert.equal(await lengths.inputValue(), '10')

    await page.getByLabel('Description').fill('a red tram climbing through Lisbon at dawn')
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await page.waitForFunction(
      () => (document.querySelector('textarea#script') as HTMLTextAreaElement | null)?.value !== ''
    )

    const estimate = Number(await page.locator('p[aria-live="polite"] span').first().textContent())
    assert.isAtMost(estimate, 10)
    assert.equal(await page.getByText(/do not cover this video/).count(), 0)
  })
})
