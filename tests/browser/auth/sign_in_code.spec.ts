import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount, fakeMail, lastSignInMail } from '#tests/helpers/auth'

test.group('Sign in with the emailed code, from /auth', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('"Check your email" takes the code from that first mail: a new user goes on to /onboarding/plan', async ({
    assert,
    visit,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    const page = await visit('/auth?mode=signup')
    await page.getByLabel('Email').fill('code.first@example.com')
    await page.getByRole('button', { name: 'Sign up with magic link' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()

    await page.getByLabel('Verification code').fill(lastSignInMail(mails).code)
    await page.getByRole('button', { name: 'Verify & Sign In' }).click()

    await page.waitForURL('**/onboarding/plan')
    assert.lengthOf(mails.sent(), 1, 'one mail, never a second send')
  })

  test('a returning user lands on Home; a wrong code is said under the field and the right one still works', async ({
    visit,
    cleanup,
  }) => {
    await createAccount('code.returning@example.com')
    const mails = fakeMail(cleanup)
    const page = await visit('/auth')
    await page.getByLabel('Email').fill('code.returning@example.com')
    await page.getByRole('button', { name: 'Send magic link' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    const { code } = lastSignInMail(mails)

    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verify & Sign In' }).click()
    await page.assertTextContains('#code-error', 'Invalid code')
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify & Sign In' }).click()

    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('button', { name: 'Back to sign in' }).waitFor({ state: 'detached' })
  })

  test('/test-auth takes the code of a mail already sent, without sending another', async ({
    assert,
    visit,
    cleanup,
  }) => {
    await createAccount('code.elsewhere@example.com')
    const mails = fakeMail(cleanup)
    const first = await visit('/auth')
    await first.getByLabel('Email').fill('code.elsewhere@example.com')
    await first.getByRole('button', { name: 'Send magic link' }).click()
    await first.getByRole('heading', { name: 'Check your email' }).waitFor()
    const { code } = lastSignInMail(mails)

    const page = await visit('/test-auth')
    await page.getByLabel('Email').fill('code.elsewhere@example.com')
    await page.getByRole('button', { name: 'I already have a code' }).click()
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify & Sign In' }).click()

    await page.getByText('Authentication successful!').waitFor()
    assert.lengthOf(mails.sent(), 1)
  })
})
