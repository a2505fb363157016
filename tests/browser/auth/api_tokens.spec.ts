import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { RequestSignIn } from '#auth/actions/request_sign_in'
import { createAgencyAccount, callApi } from '#tests/helpers/api_tokens'
import { useSessionStore } from '#tests/helpers/sessions'

test.group('API tokens on /profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an agency user creates a token, sees its secret once, calls with it and revokes it', async ({
    visit,
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    await createAgencyAccount('tokens.ui@example.com')
    const requests = await app.container.make(RequestSignIn)
    const { link } = await requests.issue('tokens.ui@example.com')
    const page = await visit(link)
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto('/profile')
    await page.getByLabel('Token name').fill('Publishing script')
    await page.getByRole('button', { name: 'Create token' }).click()
    const secret = await page.getByLabel('New API token').inputValue()
    assert.match(secret, /^rf_/)
    const call = await callApi('GET', '/api/me', { token: secret })
    assert.equal(call.status, 200)

    // Another write on the page answers without the secret: it stays until hidden.
    const tokens = page.getByRole('list', { name: 'API tokens' })
    await page.getByLabel('Token name').fill('Second script')
    await page.getByRole('button', { name: 'Create token' }).click()
    await tokens.getByRole('listitem').filter({ hasText: 'Second script' }).waitFor()
    const second = await page.getByLabel('New API token').inputValue()
    assert.notEqual(second, secret, 'the newer token takes its place')
    await page.locator('#time-zone').selectOption('Europe/Paris')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Time zone saved.').waitFor()
    assert.equal(await page.getByLabel('New API token').inputValue(), second)
    await page.getByRole('button', { name: 'Done' }).click()
    assert.equal(await page.getByLabel('New API token').count(), 0, 'hidden once copied')

    await page.reload()
    await page.getByText('Publishing script').waitFor()
    assert.equal(await page.getByLabel('New API token').count(), 0, 'the secret is shown once')

    for (const name of ['Publishing script', 'Second script']) {
      await page.getByRole('button', { name: `Revoke ${name}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
      await tokens.getByRole('listitem').filter({ hasText: name }).waitFor({ state: 'detached' })
    }
    await page.getByText('No tokens yet.').waitFor()
    const afterRevoke = await callApi('GET', '/api/me', { token: secret })
    assert.equal(afterRevoke.status, 401)
  })
})
