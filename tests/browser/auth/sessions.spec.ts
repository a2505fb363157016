import { test } from '@japa/runner'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { RequestSignIn } from '#auth/actions/request_sign_in'
import { useSessionStore } from '#tests/helpers/sessions'

async function signInLink(email: string) {
  const requests = await app.container.make(RequestSignIn)
  const { link } = await requests.issue(email)
  return link
}

async function meStatus(page: Page) {
  const response = await page.request.get('/api/me')
  return response.status()
}

test.group('Sessions in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Sign out of all devices on /profile signs out another browser too', async ({
    browser,
    visit,
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const laptop = await visit(await signInLink('two.devices@example.com'))
    await laptop.waitForURL('**/onboarding/plan')
    const phoneBrowser = await browser.newContext({
      baseURL: `http://${env.get('HOST')}:${env.get('PORT')}`,
    })
    cleanup(() => phoneBrowser.close())
    const phone = await phoneBrowser.newPage()
    await phone.goto(await signInLink('two.devices@example.com'))
    await phone.waitForURL((url) => url.pathname === '/')
    assert.equal(await meStatus(phone), 200)

    await laptop.goto('/profile')
    await laptop.getByRole('button', { name: 'Sign out of all devices' }).click()
    await laptop.assertTextContains(
      '[role=alertdialog]',
      'Every browser signed in to this account is signed out, this one included.'
    )
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click()
    await laptop.waitForURL('**/auth')

    assert.equal(await meStatus(phone), 401)
    await phone.goto('/profile')
    await phone.getByRole('heading', { name: 'Please log in' }).waitFor()
  })
})
