import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import Payment from '#billing/models/payment'
import { LocalCheckout } from '#billing/services/local_checkout'
import { createAccount } from '#tests/helpers/auth'
import { accountValue, planBySlug, planEffectsOf } from '#tests/helpers/billing'
import type { ApiClient } from '@japa/api-client'

/** A Pro subscription bought on the test checkout, as a user would. */
async function subscribeToPro(client: ApiClient, user: User) {
  const pro = await planBySlug('pro')
  const session = await client
    .post('/api/checkout/session')
    .json({ planId: pro.id, priceId: null })
    .loginAs(user)
    .withCsrfToken()
  await client.post(`${session.body().url}/pay`).loginAs(user).withCsrfToken().redirects(0)
}

/** One change on the portal, posted as its form does; the flash it answers with. */
async function change(client: ApiClient, user: User, fields: Record<string, string | number>) {
  const response = await client
    .post('/billing/test-portal')
    .form(fields)
    .loginAs(user)
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  return response.flashMessages()
}

test.group('Test billing portal (no Stripe keys)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Free → Pro → Agency → Pro → cancel at period end → resume → cancel at period end and renew: the plan effects follow each step', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('portal@example.com')
    const agency = await planBySlug('agency')
    const pro = await planBySlug('pro')
    await subscribeToPro(client, user)
    assert.deepEqual(await planEffectsOf(assert, user), {
      plan: 'pro',
      credits: 1210,
      quality: '1080p',
      watermark: false,
      api: false,
    })
    const opened = await client.post('/api/billing/portal').loginAs(user).withCsrfToken()
    assert.deepEqual(opened.body(), { url: '/billing/test-portal' })

    const upgraded = await change(client, user, { change: 'switch_plan', planId: agency.id })
    assert.equal(upgraded.success, 'You are now on Agency: its 6,000 credits are in your balance.')
    assert.deepEqual(await planEffectsOf(assert, user), {
      plan: 'agency',
      credits: 7210,
      quality: '2160p',
      watermark: false,
      api: true,
    })

    await change(client, user, { change: 'switch_plan', planId: pro.id })
    assert.deepEqual(await planEffectsOf(assert, user), {
      plan: 'pro',
      credits: 7210,
      quality: '1080p',
      watermark: false,
      api: false,
    })

    const cancelled = await change(client, user, { change: 'cancel_at_period_end' })
    assert.match(
      String(cancelled.success),
      /^Your subscription will end on [A-Z][a-z]+ \d{1,2}, \d{4}\./
    )
    const page = await client.get('/billing/test-portal').loginAs(user).withInertia()
    page.assertInertiaComponent('billing/test_portal')
    assert.containsSubset(page.inertiaProps.subscription, {
      planName: 'Pro',
      cancelAtPeriodEnd: true,
    })
    const meanwhile = await planEffectsOf(assert, user)
    assert.equal(meanwhile.plan, 'pro', 'nothing changes until the period ends')

    const resumed = await change(client, user, { change: 'resume' })
    assert.equal(resumed.success, 'Your subscription will renew as usual.')
    await change(client, user, { change: 'cancel_at_period_end' })
    const checkout = await app.container.make(LocalCheckout)
    await checkout.renew(user.id)

    assert.deepEqual(await planEffectsOf(assert, user), {
      plan: 'free',
      credits: 7210,
      quality: '720p',
      watermark: true,
      api: false,
    })
    const invoices = await Payment.query()
      .where('user_id', user.id)
      .where('kind', 'subscription')
      .orderBy('id')
    assert.deepEqual(
      invoices.map((invoice) => [invoice.status, invoice.amountCents, invoice.credits]),
      [
        ['completed', 900, 1200],
        ['completed', 2900, 6000],
      ]
    )
    const after = await client.get('/billing/test-portal').loginAs(user).withInertia()
    assert.isNull(after.inertiaProps.subscription)
    assert.lengthOf(after.inertiaProps.invoices, 2)
  })

  test('/billing shows the renewal day, "Ends on" once cancelled at period end, and Resume brings /billing back to renewing', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('renewing@example.com')
    await subscribeToPro(client, user)
    const [row] = await db.from('local_subscriptions').where('user_id', user.id)
    const periodEnd = new Date(row.current_period_end).toISOString()
    const account = async () => {
      const page = await client.get('/billing').loginAs(user).withInertia()
      const { renewsAt, endsAt } = page.inertiaProps.account as Record<string, string | null>
      return { renewsAt, endsAt }
    }

    assert.deepEqual(await account(), { renewsAt: periodEnd, endsAt: null })
    await change(client, user, { change: 'cancel_at_period_end' })
    assert.deepEqual(await account(), { renewsAt: null, endsAt: periodEnd })

    const resumed = await client
      .post('/billing/test-portal')
      .form({ change: 'resume' })
      .header('referer', '/billing')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    resumed.assertStatus(302)
    resumed.assertHeader('location', '/billing')
    assert.equal(resumed.flashMessages().success, 'Your subscription will renew as usual.')
    assert.deepEqual(await account(), { renewsAt: periodEnd, endsAt: null })

    await change(client, user, { change: 'cancel_now' })
    assert.deepEqual(await account(), { renewsAt: null, endsAt: null })
  })

  test('the portal states what a switch charges now and what it changes, before anything is charged', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('quote@example.com')
    await subscribeToPro(client, user)
    const [pro, agency] = [await planBySlug('pro'), await planBySlug('agency')]

    const onPro = await client.get('/billing/test-portal').loginAs(user).withInertia()
    assert.deepEqual(onPro.inertiaProps.switches, [
      { planId: pro.id, chargedNow: 0, creditsNow: 0, monthlyBefore: 9, monthlyAfter: 9 },
      { planId: agency.id, chargedNow: 29, creditsNow: 6000, monthlyBefore: 9, monthlyAfter: 29 },
    ])
    assert.lengthOf(
      await Payment.query().where('user_id', user.id),
      1,
      'looking at the terms charges nothing'
    )

    await change(client, user, { change: 'switch_plan', planId: agency.id })
    const charged = await Payment.query().where('user_id', user.id).orderBy('id', 'desc').first()
    assert.equal(charged!.amountCents, 2900, 'the upgrade charged what it said')
    const onAgency = await client.get('/billing/test-portal').loginAs(user).withInertia()
    assert.deepEqual(onAgency.inertiaProps.switches, [
      { planId: pro.id, chargedNow: 0, creditsNow: 0, monthlyBefore: 29, monthlyAfter: 9 },
      { planId: agency.id, chargedNow: 0, creditsNow: 0, monthlyBefore: 29, monthlyAfter: 29 },
    ])
  })

  test('Cancel now ends the plan at once; the user can subscribe again', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('quitter@example.com')
    await subscribeToPro(client, user)

    const ended = await change(client, user, { change: 'cancel_now' })

    assert.equal(ended.success, 'Your subscription has ended.')
    const now = await planEffectsOf(assert, user)
    assert.equal(now.plan, 'free')
    assert.isNull(await accountValue(user, 'stripeSubscriptionId'))
    await subscribeToPro(client, user)
    const again = await planEffectsOf(assert, user)
    assert.equal(again.plan, 'pro')
  })

  test('refuses {label} with a message, and changes nothing')
    .with([
      { label: 'a change without a subscription', subscribe: false, fields: { change: 'resume' } },
      { label: 'the plan already held', subscribe: true, fields: { change: 'switch_plan' } },
      { label: 'the free plan', subscribe: true, fields: { change: 'switch_plan', plan: 'free' } },
      { label: 'resuming what is not cancelled', subscribe: true, fields: { change: 'resume' } },
    ])
    .run(async ({ client, assert }, { subscribe, fields }) => {
      const user = await createAccount('refused.portal@example.com')
      if (subscribe) await subscribeToPro(client, user)
      const before = await planEffectsOf(assert, user)
      const plan = await planBySlug(fields.plan === 'free' ? 'free' : 'pro')

      const refused = await change(client, user, {
        change: fields.change,
        ...(fields.change === 'switch_plan' && { planId: plan.id }),
      })

      assert.isString(refused.error)
      assert.deepEqual(await planEffectsOf(assert, user), before)
    })

  test('a hostile change is refused with its errors, never a 500', async ({ client, assert }) => {
    const user = await createAccount('fuzz.portal@example.com')
    await subscribeToPro(client, user)
    for (const body of [
      { change: 'switch_plan', planId: '99999999999' },
      { change: 'switch_plan' },
      { change: 'refund_everything' },
      { change: ['resume'] },
    ]) {
      const response = await client
        .post('/billing/test-portal')
        .json(body)
        .accept('json')
        .loginAs(user)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    const unchanged = await planEffectsOf(assert, user)
    assert.equal(unchanged.plan, 'pro')
  })
})
