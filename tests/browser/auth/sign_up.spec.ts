import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { fakeMail, lastSignInMail } from '#tests/helpers/auth'

test.group('Sign up in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sign up on /auth, open the emailed link, pick the free plan, land on /create', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)

    const page = await visit('/auth?mode=signup')
    await page.assertTextContains('body', 'Sign up and get 10 free credits')
    await page.assertTextContains('body', 'Captcha disabled in development')
    await page.getByLabel('Email').fill('browser.user@example.com')
    await page.getByRole('button', { name: 'Sign up with magic link' }).click()
    await page.assertTextContains('body', 'Check your email')
    await page.assertTextContains('body', 'browser.user@example.com')

    const { link } = lastSignInMail(mails)
    await page.goto(link)
    await page.assertTextContains('body', 'Welcome! Setting up your account...')
    await page.waitForURL('**/onboarding/plan')
    await page.assertTextContains('h1', 'Choose your plan')
    await page.getByText('Continue with Free (10 credits)').click()

    await page.waitForURL(/\/(create|setup)$/)
    assert.match(new URL(page.url()).pathname, /^\/(create|setup)$/)
  })

  test('the shell shows credits and plan, and Sign Out returns to /auth', async ({
    visit,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    const page = await visit('/auth')
    await page.getByLabel('Email').fill('shell.user@example.com')
    await page.getByRole('button', { name: 'Send magic link' }).click()
    await page.assertTextContains('body', 'Check your email')
    await page.goto(lastSignInMail(mails).link)
    await page.waitForURL('**/onboarding/plan')

    await page.goto('/')
    await page.assertTextContains('aside', 'shell.user@example.com')
    await page.assertTextContains('aside', '10 credits')
    await page.assertTextContains('aside', 'Free')
    await page.assertNotExists('text=Admin Dashboard')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/auth')
  })
})
