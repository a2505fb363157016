import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createVideos } from '#tests/helpers/studio'

test.group('My Videos in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('60 videos: pages of 24 through Older and Newer, and the search narrows them', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('my.videos.browser@example.com')
    await createVideos(user, 60, (index) => ({
      script:
        index % 12 === 0 ? `A lighthouse at dawn, video number ${index}` : `video number ${index}`,
      status: 'done',
    }))
    await browserContext.loginAs(user)

    const page = await visit('/videos')
    const cards = page.locator('li', { hasText: /video number \d+/ })
    await page.getByRole('tab', { name: 'Completed (60)' }).waitFor()
    assert.equal(await cards.count(), 24)
    await page.getByText('video number 59', { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Older' }).click()
    await page.getByText('video number 35', { exact: true }).waitFor()
    assert.equal(await cards.count(), 24)
    await page.getByRole('button', { name: 'Older' }).click()
    await page.getByText('video number 11', { exact: true }).waitFor()
    assert.equal(await cards.count(), 12)
    assert.isTrue(await page.getByRole('button', { name: 'Older' }).isDisabled())
    await page.getByRole('button', { name: 'Newer' }).click()
    await page.getByText('video number 35', { exact: true }).waitFor()

    await page.getByLabel('Search videos by prompt').fill('LIGHTHOUSE')
    await page.waitForURL(/search=LIGHTHOUSE/)
    await page.getByRole('tab', { name: 'Completed (5)' }).waitFor()
    assert.equal(await cards.count(), 5)
    assert.isFalse(new URL(page.url()).searchParams.has('after'))
  })
})
