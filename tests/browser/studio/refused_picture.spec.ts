import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { makePicture } from '#tests/helpers/pictures'

test.group('Image to Video: a refused picture', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows an error tile with the reason, never a broken image, beside a picture that was taken', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('refused.picture@example.com'))
    const page = await visit('/setup')
    await page.getByText('Image to Video', { exact: true }).click()
    await page.getByLabel('Choose pictures').setInputFiles([
      {
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('these are my notes, not a picture'),
      },
      {
        name: 'harbour.jpg',
        mimeType: 'image/jpeg',
        buffer: await makePicture({ width: 320, height: 180, background: '#c81e1e' }),
      },
    ])
    const tiles = page.getByRole('list', { name: 'Your pictures' }).getByRole('listitem')
    await tiles.nth(1).getByText('Complete', { exact: true }).waitFor({ timeout: 30_000 })
    const refused = tiles.nth(0)
    await refused.getByRole('alert').waitFor()

    await refused.getByTestId('picture-placeholder').getByText('Not added').waitFor()
    assert.equal(await refused.locator('img').count(), 0, 'no image to break')
    const broken = await page.evaluate(
      () =>
        [...document.querySelectorAll('img')].filter(
          (img) => img.complete && img.naturalWidth === 0
        ).length
    )
    assert.equal(broken, 0, 'no broken image anywhere on the page')
  })
})
