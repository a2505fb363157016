import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import sharp from 'sharp'
import Brand from '#studio/models/brand'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'
import { screens } from '#tests/helpers/screens'

test.group('Brand kits in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an Agency user creates a kit, edits it, duplicates it and deletes the copy', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('brands.browser@example.com')
    await setAccount(user, { plan: 'agency' })
    await browserContext.loginAs(user)
    const page = await visit('/')
    const shot = screens(page, 'brand-kits')

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Brand kits' })
      .click()
    await page.getByRole('heading', { name: 'Brand kits', level: 1 }).waitFor()
    await page.getByText('No brand kits yet').waitFor()

    await page.getByRole('button', { name: 'New brand kit' }).click()
    const form = page.getByRole('form', { name: 'New brand kit' })
    await form.getByLabel('Name').fill('Acme Coffee')
    await form.getByLabel('Primary colour', { exact: true }).fill('#0F766E')
    const logo = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 4,
        background: { r: 15, g: 118, b: 110, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer()
    await form
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: logo })
    await form.getByRole('button', { name: 'Remove logo' }).waitFor()
    await form.getByLabel('Corner').selectOption('bottom-left')
    await form.getByLabel('Show an intro card').check()
    await form.getByLabel('Title').fill('Acme Coffee')
    await form.getByLabel('Show an outro card').check()
    await form.getByLabel('Call to action').fill('Follow @acmecoffee')
    await form.getByLabel('Aspect ratio').selectOption('1:1')
    await form.getByLabel('Voice').selectOption({ label: 'Alex (US English)' })
    await form.getByLabel('Give the kit its own caption style').check()
    await page.getByText('Karaoke', { exact: true }).click()
    await shot('form')
    await form.getByRole('button', { name: 'Create brand kit' }).click()
    await page.getByText('Brand kit saved').waitFor()

    const card = page.getByRole('listitem').filter({ hasText: 'Acme Coffee' })
    await card.getByText('#0F766E').waitFor()
    await card.getByRole('img', { name: 'Acme Coffee logo' }).waitFor()
    await card.getByText('Bottom left', { exact: false }).waitFor()
    await card.getByText('“Follow @acmecoffee”').waitFor()
    await card.getByText('v1', { exact: true }).waitFor()
    await card.getByText('Karaoke', { exact: true }).waitFor()

    // A colour that is not #RRGGBB is refused beside its field; the kit is kept as it was.
    await page.getByRole('button', { name: 'Edit Acme Coffee' }).click()
    const edit = page.getByRole('form', { name: 'Edit Acme Coffee' })
    await edit.getByLabel('Accent colour', { exact: true }).fill('#FFE1')
    await edit.getByLabel('Name').fill('Acme Tea')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.getByText('Colours are written #RRGGBB, like #1E3A8A.').waitFor()
    await edit.getByLabel('Accent colour', { exact: true }).fill('#FFE14D')
    await edit.getByLabel('Size (%)').fill('20')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.waitFor({ state: 'detached' })
    const tea = page.getByRole('listitem').filter({ hasText: 'Acme Tea' })
    await tea.getByText('v2', { exact: true }).waitFor()
    await tea.getByText('20 %', { exact: false }).waitFor()
    // The voice chosen at creation came back into the edit form and was kept.
    const saved = await Brand.findByOrFail('name', 'Acme Tea')
    assert.deepInclude(saved.voice, { provider: 'espeak', id: 'en-us' })

    await page.getByRole('button', { name: 'Duplicate Acme Tea' }).click()
    await page.getByText('Brand kit duplicated').waitFor()
    const copy = page.getByRole('listitem').filter({ hasText: 'Acme Tea (copy)' })
    await copy.waitFor()
    await shot('kits')

    await page.getByRole('button', { name: 'Delete Acme Tea (copy)' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Delete Acme Tea (copy)?').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Brand kit deleted').waitFor()
    await copy.waitFor({ state: 'detached' })
    assert.equal(await page.getByRole('listitem').filter({ hasText: 'Acme Tea' }).count(), 1)

    // At 390 px the page, its cards and its form fit without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Edit Acme Tea' }).click()
    await page.getByRole('form', { name: 'Edit Acme Tea' }).waitFor()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390, 'the page does not scroll sideways')
  })

  test('a Free user has no Brand kits link, the page says how to get kits and keeps an older kit', async ({
    browserContext,
    visit,
  }) => {
    const user = await createAccount('brands.free.browser@example.com')
    await browserContext.loginAs(user)
    const page = await visit('/brands')

    await page
      .getByText('Brand kits come with the Pro and Agency plans. Upgrade on /plans to make one.')
      .waitFor()
    await page.getByRole('link', { name: 'See the plans' }).waitFor()
    await page.getByText('No brand kits yet').waitFor()
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Brand kits' })
    await link.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'New brand kit' }).waitFor({ state: 'detached' })

    // A kit made before a downgrade stays, marked as one the plan no longer offers.
    await Brand.create({
      userId: user.id,
      name: 'Old Client',
      primaryColor: '#1E3A8A',
      accentColor: '#FFE14D',
      version: 1,
    })
    await page.reload()
    const card = page.getByRole('listitem').filter({ hasText: 'Old Client' })
    await card.getByText('Not offered on your plan').waitFor()
    await card.getByRole('button', { name: 'Edit Old Client' }).waitFor()
  })
})
