import { test } from '@japa/runner'

test.group('Not found page', () => {
  test('an unknown path shows Page Not Found in the browser', async ({ visit }) => {
    const page = await visit('/this/route/does/not/exist')

    await page.assertTextContains('h1', 'Page Not Found')
    await page.assertTextContains('body', 'Did you forget to add the page to the router?')
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.assertTextContains('body', 'Generate AI videos from text and images')
  })
})
