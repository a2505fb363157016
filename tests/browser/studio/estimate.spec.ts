import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'

/** 165 words: far more than 40 credits of 5-second scenes. */
const LONG_SCRIPT = Array.from(
  { length: 15 },
  (_, index) => `Scene ${index + 1} shows the harbour at dawn with boats and gulls.`
).join(' ')

test.group(
  'Setup: the estimate says before the storyboard when the balance falls short',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('a script the balance cannot pay says so, with the way to /plans; the AI dialog marks lengths', async ({
      browserContext,
      visit,
      assert,
    }) => {
      const user = await createAccount('short.balance@example.com')
      await setAccount(user, { credits: 40 })
      await browserContext.loginAs(user)

      const page = await visit('/setup')
      await page.locator('textarea#script').fill(LONG_SCRIPT)

      const shortfall = page.getByText(
        /Your 40 credits do not cover this video: you need \d+ more\./
      )
      await shortfall.waitFor()
      const estimate = Number(
        await page.locator('p[aria-live="polite"] span').first().textContent()
      )
      assert.isAbove(estimate, 40)
      assert.include(await shortfall.textContent(), `you need ${estimate - 40} more`)
      const more = page.getByRole('link', { name: 'Get more credits' })
      assert.equal(await more.getAttribute('href'), `/plans?need=${estimate - 40}`)

      await page.getByRole('button', { name: 'Generate Script with AI' }).click()
      const texts = await page.getByLabel('Script length').locator('option').allTextContents()
      assert.isTrue(
        texts.some((text) => text.includes('more than your 40')),
        `lengths: ${texts.join(' | ')}`
      )
      assert.isTrue(
        texts.some((text) => !text.includes('more than your')),
        `a length the balance covers is not marked: ${texts.join(' | ')}`
      )

      await page.keyboard.press('Escape')
      await page.getByRole('listbox').waitFor({ state: 'detached' })
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await more.click()
      await page.waitForURL(`**/plans?need=${estimate - 40}`)
    })
  }
)
