import { test } from '@japa/runner'

test.group('Admin in the browser', () => {
  test('/admin signed out goes to the sign-in page', async ({ visit }) => {
    const page = await visit('/admin')

    await page.waitForURL('**/auth')
    await page.assertExists('text=Send magic link')
  })
})
