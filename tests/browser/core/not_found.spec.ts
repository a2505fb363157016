import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Not found page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an unknown path shows Page Not Found in the browser', async ({ visit }) => {
    const page = await visit('/this/route/does/not/exist')

    await page.assertTextContains('h1', 'Page Not Found')
    await page.assertTextContains('body', 'Did you forget to add the page to the router?')
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.assertTextContains('body', 'Generate AI videos from text and images')
  })

  test('a signed-in user keeps the app shell on an unknown path', async ({
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('lost.user@example.com'))
    const page = await visit('/this/route/does/not/exist')

    await page.assertTextContains('h1', 'Page Not Found')
    await page.assertTextContains('aside', 'lost.user@example.com')
    await page.assertTextContains('aside', '10 credits')
  })

  test('pages link a favicon the server serves', async ({ visit, assert }) => {
    const page = await visit('/auth')
    const href = await page.locator('link[rel="icon"]').getAttribute('href')
    assert.equal(href, '/favicon.svg')

    const icon = await page.request.get(href!)
    assert.equal(icon.status(), 200)
    assert.equal(icon.headers()['content-type'], 'image/svg+xml')
  })
})
