import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { RequestSignIn } from '#auth/actions/request_sign_in'
import { CreditLedger } from '#billing/services/credit_ledger'
import { createAgencyAccount } from '#tests/helpers/api_tokens'
import { grantCredits } from '#tests/helpers/auth'
import { balanceOf } from '#tests/helpers/billing'
import { useSessionStore } from '#tests/helpers/sessions'
import { until } from '#tests/helpers/wait'
import { allowPrivateTargets, startDeliveryWorker, startReceiver } from '#tests/helpers/webhooks'

test.group('Webhooks on /profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an agency user adds an endpoint, copies its secret once, sees a delivery, resends it and deletes the endpoint', async ({
    visit,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const receiver = await startReceiver(cleanup)
    await startDeliveryWorker(cleanup)
    await useSessionStore('database', cleanup)
    const user = await createAgencyAccount('hooks.ui@example.com')
    await grantCredits(user, 100)
    const requests = await app.container.make(RequestSignIn)
    const { link } = await requests.issue('hooks.ui@example.com')
    const page = await visit(link)
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto('/profile')
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByLabel('credits.low').check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = await page.getByLabel('Signing secret').inputValue()
    assert.match(secret, /^whsec_/)
    await page.getByRole('button', { name: 'Copy' }).waitFor()

    const ledger = await app.container.make(CreditLedger)
    // A render's charge that leaves 50 credits: under the threshold, so credits.low is sent.
    const credits = await balanceOf(user)
    await ledger.charge({ userId: user.id, amount: credits - 50, reference: 'ui-run' })
    await until(() => receiver.received.length === 1, 10_000, 'the delivery')

    await page.reload()
    assert.equal(await page.getByLabel('Signing secret').count(), 0, 'the secret is shown once')
    const log = page.getByRole('table')
    await log.getByText('Delivered').waitFor()
    await log.getByRole('cell', { name: '200' }).waitFor()
    await log.getByRole('button', { name: 'Resend' }).click()
    await until(() => receiver.received.length === 2, 10_000, 'the resend')

    await page.getByRole('button', { name: `Edit ${receiver.url}` }).click()
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' })
    const moved = `${receiver.url}/v2`
    await endpoints.getByLabel('Endpoint URL').fill(moved)
    await endpoints.getByLabel('video.failed').check()
    await endpoints.getByRole('button', { name: 'Save endpoint' }).click()
    await page.getByText('Webhook endpoint saved.').waitFor()
    await endpoints.getByText(moved, { exact: true }).waitFor()
    assert.include(await endpoints.textContent(), 'video.failed')
    await page.screenshot({ path: 'tmp/journeys/webhooks/edited.png', fullPage: true })

    await page.getByRole('button', { name: `Delete ${moved}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('No endpoints yet.').waitFor()
  })
})
