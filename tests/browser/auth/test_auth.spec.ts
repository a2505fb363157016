import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { fakeMail, lastSignInMail } from '#tests/helpers/auth'

test.group('Sign in with a code in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a wrong code says "Invalid code" once, next to the field', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    const page = await visit('/test-auth')
    await page.getByLabel('Email').fill('code.user@example.com')
    await page.getByRole('button', { name: 'Send magic link' }).click()
    await page.getByLabel('Verification code').waitFor()
    const wrong = lastSignInMail(mails).code === '000000' ? '111111' : '000000'

    await page.getByLabel('Verification code').fill(wrong)
    await page.getByRole('button', { name: 'Verify & Sign In' }).click()

    await page.assertTextContains('#code-error', 'Invalid code')
    assert.equal(await page.getByText('Invalid code').count(), 1)
  })
})
