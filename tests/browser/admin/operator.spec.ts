import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { screens } from '#tests/helpers/screens'
import { MediaStorage } from '#media/services/media_storage'
import { createOperator, makeAudio } from '#tests/helpers/admin'

test.group('Admin: the operator runs the business from /admin', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates and duplicates a plan, creates and disables a coupon, adds a pack, uploads a track', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    const operator = await createOperator()
    await browserContext.loginAs(operator)
    const page = await visit('/admin')
    const shot = screens(page, 'operator-catalogue')
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()

    // A plan, then its copy.
    await page.getByRole('tab', { name: 'Plans Management' }).click()
    await page.getByRole('button', { name: 'Create Plan' }).click()
    await page.getByText('Create New Plan').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Studio Plus')
    await page.getByLabel('Stripe Price ID').fill('price_studio_plus')
    await page.getByLabel('Price', { exact: true }).fill('99.99')
    await page.getByLabel('Credits', { exact: true }).fill('15000')
    await page.getByLabel('Brand kits').fill('5')
    await page
      .getByLabel('Features (one per line)')
      .fill('15,000 credits a month\n1080p HD, no watermark\nPriority queue')
    await page.locator('form').getByRole('button', { name: 'Create Plan' }).click()
    await page.getByText('Plan created successfully!').waitFor()
    const plans = page.getByRole('table', { name: 'Plans' })
    await plans
      .getByRole('cell', { name: /Studio Plus/ })
      .first()
      .waitFor()
    await plans.getByText('+1 more').last().waitFor()
    await plans.getByText('15,000 credits a month', { exact: true }).waitFor()
    await plans
      .getByRole('row', { name: /Studio Plus/ })
      .first()
      .getByRole('cell', { name: '5', exact: true })
      .waitFor()
    // Duplicate opens the create form prefilled, the name suffixed and the Stripe price emptied.
    await page.getByRole('button', { name: 'Duplicate Studio Plus' }).click()
    await page.getByText('Create New Plan').waitFor()
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Studio Plus Copy')
    assert.equal(await page.getByLabel('Stripe Price ID').inputValue(), '')
    assert.equal(await page.getByLabel('Credits', { exact: true }).inputValue(), '15000')
    assert.equal(await page.getByLabel('Brand kits').inputValue(), '5')
    // Test mode sells without Stripe prices: the copy saves with the price left empty.
    await page.locator('form').getByRole('button', { name: 'Create Plan' }).click()
    await plans.getByText('Studio Plus Copy').waitFor()
    await shot('plans')

    // A coupon, then disabled.
    await page.getByRole('tab', { name: 'Coupons' }).click()
    await page.getByLabel('Code', { exact: true }).fill('  spring25 ')
    await page.getByLabel('Discount Value').fill('25')
    await page.getByRole('button', { name: 'Create Coupon' }).click()
    await page.getByText('Coupon created successfully!').waitFor()
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: /SPRING25/ })
    await row.getByText('Active').waitFor()
    await row.getByRole('button', { name: 'Disable' }).click()
    await row.getByText('Disabled').waitFor()
    await row.getByRole('button', { name: 'Enable' }).waitFor()
    await shot('coupons')

    // A credit pack.
    await page.getByRole('tab', { name: 'Credit Packs' }).click()
    await page.getByRole('button', { name: 'Add Credit Pack' }).click()
    await page.getByLabel('Credits', { exact: true }).fill('275')
    await page.getByLabel('Price', { exact: true }).fill('19.50')
    await page.getByRole('button', { name: 'Create Pack' }).click()
    await page.getByText('Credit pack created successfully!').waitFor()
    await page.getByRole('table', { name: 'Credit packs' }).getByText('$19.50').waitFor()
    await shot('credit-packs')

    // A track, uploaded for real, then on /admin/music and in the setup's music list.
    await page.goto('/admin/music')
    await page.getByRole('button', { name: 'Add Track' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Title', { exact: true }).fill('Harbour Lights')
    await dialog.getByLabel('Mood').selectOption({ label: 'Chill' })
    await dialog.getByLabel('Audio file').setInputFiles({
      name: 'harbour-lights.mp3',
      mimeType: 'audio/mpeg',
      buffer: await makeAudio('mp3', 2),
    })
    await page.getByText('Upload Complete', { exact: true }).waitFor()
    // The duration comes from probing the uploaded file.
    assert.equal(await dialog.getByLabel('Duration (seconds)').inputValue(), '2')
    const fileUrl = await dialog.getByText(/^\/music\/harbour-lights-[0-9a-f]+\.mp3$/).textContent()
    cleanup(() => new MediaStorage().delete(fileUrl!.slice(1)))
    await dialog.getByRole('button', { name: 'Add Track' }).click()
    await page.getByText('Music track added successfully').waitFor()
    await page.getByRole('heading', { name: 'Harbour Lights' }).waitFor()
    await shot('music-library')

    await page.goto('/setup')
    await page.getByText('Harbour Lights').waitFor()
    await shot('setup-music-list')
  })
})
