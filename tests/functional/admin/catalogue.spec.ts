import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Plan from '#billing/models/plan'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import {
  assertBalanceIsLedger,
  balanceOf,
  createCoupon,
  ledgerOf,
  planBySlug,
} from '#tests/helpers/billing'
import { useFakeStripe } from '#tests/helpers/fakes/fake_stripe'

const PLAN = {
  name: 'Pro Plus',
  stripePriceId: 'price_pro_plus',
  price: 90.5,
  interval: 'month',
  credits: 14400,
  features: '3,000 credits a month\n1080p HD, no watermark \n \nPriority queue',
  tier: 'pro',
}

function messagesOf(body: { errors: { field: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map(({ field, message }) => [field, message]))
}

test.group('Admin: plans', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the operator creates, edits, lists and deletes a plan', async ({ client, assert }) => {
    const operator = await createOperator()

    const created = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json(PLAN)
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      name: 'Pro Plus',
      slug: 'pro-plus',
      tier: 'pro',
      price: 90.5,
      interval: 'month',
      credits: 14400,
      features: ['3,000 credits a month', '1080p HD, no watermark', 'Priority queue'],
    })
    const id = created.body().id
    const stored = await Plan.findOrFail(id)
    assert.equal(stored.priceCents, 9050)

    const copy = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, name: 'Pro Plus Copy', stripePriceId: 'price_pro_plus_copy' })
    assert.equal(copy.body().slug, 'pro-plus-copy')
    const again = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, stripePriceId: 'price_pro_plus_again' })
    assert.equal(again.body().slug, 'pro-plus-2')

    const edited = await client
      .patch(`/api/admin/plans/${id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, price: 99, features: ['Everything'] })
    edited.assertStatus(200)
    assert.containsSubset(edited.body(), {
      slug: 'pro-plus',
      price: 99,
      features: ['Everything'],
    })

    const list = await client.get('/api/admin/plans').loginAs(operator)
    assert.includeMembers(
      list.body().map((plan: { name: string }) => plan.name),
      ['Free', 'Pro', 'Agency', 'Pro Plus', 'Pro Plus Copy']
    )

    const deleted = await client.delete(`/api/admin/plans/${id}`).loginAs(operator).withCsrfToken()
    deleted.assertStatus(200)
    deleted.assertBodyContains({ message: 'Plan deleted successfully!' })
    assert.isNull(await Plan.find(id))
    const missing = await client.delete(`/api/admin/plans/${id}`).loginAs(operator).withCsrfToken()
    missing.assertStatus(404)
  })

  test('the catalogue plans cannot be deleted', async ({ client }) => {
    const operator = await createOperator()
    const free = await planBySlug('free')

    const response = await client
      .delete(`/api/admin/plans/${free.id}`)
      .loginAs(operator)
      .withCsrfToken()

    response.assertStatus(409)
  })

  test('a Stripe price belongs to one plan: another plan naming it is refused with a 422 that says whose it is', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const pro = await planBySlug('pro')
    await pro.merge({ stripePriceId: 'price_pro_monthly' }).save()
    const save = (method: 'post' | 'patch', url: string, stripePriceId: string) =>
      client[method](url)
        .loginAs(operator)
        .withCsrfToken()
        .json({ ...PLAN, stripePriceId })

    const created = await save('post', '/api/admin/plans', 'price_pro_monthly')
    const yearly = await save('post', '/api/admin/plans', 'price_pro_yearly')
    const edited = await save('patch', `/api/admin/plans/${yearly.body().id}`, 'price_pro_monthly')
    const kept = await save('patch', `/api/admin/plans/${pro.id}`, 'price_pro_monthly')
    const racing = await Promise.all(
      ['Racer One', 'Racer Two'].map((name) =>
        client
          .post('/api/admin/plans')
          .loginAs(operator)
          .withCsrfToken()
          .json({ ...PLAN, name, stripePriceId: 'price_raced' })
      )
    )

    const message = 'The Pro plan already uses this Stripe price ID: each plan needs its own price.'
    created.assertStatus(422)
    assert.deepEqual(messagesOf(created.body()), { stripePriceId: message })
    yearly.assertStatus(201)
    edited.assertStatus(422)
    assert.deepEqual(messagesOf(edited.body()), { stripePriceId: message })
    kept.assertStatus(200)
    assert.sameMembers(
      racing.map((response) => response.status()),
      [201, 422]
    )
    const [{ count }] = await db.from('plans').where('stripe_price_id', 'price_raced').count('*')
    assert.equal(Number(count), 1)
    const yearlyPlan = await Plan.findOrFail(yearly.body().id)
    assert.equal(yearlyPlan.stripePriceId, 'price_pro_yearly')
  })

  test('a plan form with bad values answers 422 with the messages', async ({ client, assert }) => {
    const operator = await createOperator()

    const empty = await client.post('/api/admin/plans').loginAs(operator).withCsrfToken().json({})
    const bad = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, price: 9.999, credits: 1.5, interval: 'week' })

    empty.assertStatus(422)
    assert.deepEqual(messagesOf(empty.body()), {
      name: 'Name is required',
      price: 'Price is required',
    })
    bad.assertStatus(422)
    assert.deepEqual(messagesOf(bad.body()), {
      price: 'Price is in dollars and cents (step 0.01)',
      credits: 'Credits must be a whole number',
      interval: 'Interval must be month or year',
    })
  })
})

test.group('Admin: plans in test mode and with Stripe', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('in test mode the seeded plans are edited and duplicated without a Stripe price', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const pro = await planBySlug('pro')
    const form = {
      name: pro.name,
      stripePriceId: '',
      price: 9,
      interval: 'month',
      credits: 1200,
      features: ['40 videos/month', '3,000 credits of voice-over', 'No watermark'],
      tier: 'pro',
    }

    const edited = await client
      .patch(`/api/admin/plans/${pro.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json(form)
    const copy = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...form, name: 'Pro Copy' })

    edited.assertStatus(200)
    assert.containsSubset(edited.body(), { stripePriceId: null, features: form.features })
    copy.assertStatus(201)
    assert.containsSubset(copy.body(), { slug: 'pro-copy', stripePriceId: null })
    const plans = await client.get('/api/plans').loginAs(await createAccount('buyer@example.com'))
    const shown = plans.body().find((plan: { slug: string }) => plan.slug === 'pro')
    assert.deepEqual(shown.features, form.features)
  })

  test('a yearly plan is refused with the reason, and nothing is created', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const before = await Plan.query().count('* as total').first()

    const yearly = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, name: 'Pro Yearly', interval: 'year' })

    yearly.assertStatus(422)
    assert.deepEqual(messagesOf(yearly.body()), {
      interval:
        'Yearly plans are not offered: customers only ever see monthly plans, so a yearly one could never be bought. Choose month.',
    })
    const after = await Plan.query().count('* as total').first()
    assert.equal(after!.$extras.total, before!.$extras.total)
  })

  test('with Stripe keys a paid plan needs its Stripe price; a free one does not', async ({
    client,
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const operator = await createOperator()
    const free = await planBySlug('free')

    const unpriced = await client
      .post('/api/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .json({ ...PLAN, stripePriceId: null })
    const freeEdit = await client
      .patch(`/api/admin/plans/${free.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json({ name: 'Free', price: 0, credits: 10, features: ['720p'] })

    unpriced.assertStatus(422)
    assert.deepEqual(messagesOf(unpriced.body()), {
      stripePriceId:
        'Stripe price ID is required: with Stripe, a paid plan is sold at its Stripe price',
    })
    freeEdit.assertStatus(200)
  })
})

test.group('Admin: coupons', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the operator creates a coupon, code trimmed and upper-cased, empty limits null', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()

    const created = await client.post('/api/admin/coupons').loginAs(operator).withCsrfToken().json({
      code: '  spring25 ',
      discountType: 'percentage',
      discountValue: 25,
      usageLimit: null,
      expiresAt: null,
    })
    const fixed = await client.post('/api/admin/coupons').loginAs(operator).withCsrfToken().json({
      code: 'fivebucks',
      discountType: 'fixed',
      discountValue: 4.99,
      usageLimit: 10,
      expiresAt: '2030-01-31',
    })

    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      code: 'SPRING25',
      discountType: 'percentage',
      discountValue: 25,
      usageLimit: null,
      usageCount: 0,
      expiresAt: null,
      isActive: true,
    })
    fixed.assertStatus(201)
    assert.containsSubset(fixed.body(), { code: 'FIVEBUCKS', discountValue: 4.99, usageLimit: 10 })
    assert.match(fixed.body().expiresAt, /^2030-01-31/)
    const stored = await db.from('coupons').where('code', 'FIVEBUCKS').first()
    assert.equal(stored.discount_value, 499)
  })

  test('PATCH with only isActive disables and enables a coupon', async ({ client, assert }) => {
    const operator = await createOperator()
    const coupon = await createCoupon({ code: 'TOGGLE' })

    const disabled = await client
      .patch(`/api/admin/coupons/${coupon.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json({ isActive: false })
    disabled.assertStatus(200)
    assert.containsSubset(disabled.body(), { code: 'TOGGLE', discountValue: 20, isActive: false })

    const enabled = await client
      .patch(`/api/admin/coupons/${coupon.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json({ isActive: true })
    assert.isTrue(enabled.body().isActive)

    const list = await client.get('/api/admin/coupons').loginAs(operator)
    assert.equal(list.body()[0].code, 'TOGGLE')
  })

  test('bad coupons answer 422 with the messages', async ({ client, assert }) => {
    const operator = await createOperator()
    await createCoupon({ code: 'TAKEN' })

    const empty = await client
      .post('/api/admin/coupons')
      .loginAs(operator)
      .withCsrfToken()
      .json({ code: '  ' })
    const fraction = await client
      .post('/api/admin/coupons')
      .loginAs(operator)
      .withCsrfToken()
      .json({ code: 'HALF', discountType: 'percentage', discountValue: 12.5 })
    const tooMuch = await client
      .post('/api/admin/coupons')
      .loginAs(operator)
      .withCsrfToken()
      .json({ code: 'ALL', discountValue: 150 })
    const taken = await client
      .post('/api/admin/coupons')
      .loginAs(operator)
      .withCsrfToken()
      .json({ code: 'taken', discountValue: 10 })

    empty.assertStatus(422)
    assert.containsSubset(messagesOf(empty.body()), {
      code: 'Code is required',
      discountValue: 'Discount value is required',
    })
    fraction.assertStatus(422)
    assert.deepEqual(messagesOf(fraction.body()), {
      discountValue: 'A percentage discount is a whole number from 1 to 100',
    })
    tooMuch.assertStatus(422)
    taken.assertStatus(422)
    assert.deepEqual(messagesOf(taken.body()), { code: 'A coupon with this code already exists' })
    const codes = await db.from('coupons').where('code', 'TAKEN').select('id')
    assert.lengthOf(codes, 1)
  })
})

test.group('Admin: credit packs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the operator adds, edits and deletes a credit pack', async ({ client, assert }) => {
    const operator = await createOperator()

    const created = await client
      .post('/api/admin/credit-packs')
      .loginAs(operator)
      .withCsrfToken()
      .json({ credits: 75, price: 6.5 })
    created.assertStatus(201)
    assert.containsSubset(created.body(), { credits: 75, price: 6.5, sortOrder: 0, isActive: true })
    const id = created.body().id

    const edited = await client
      .patch(`/api/admin/credit-packs/${id}`)
      .loginAs(operator)
      .withCsrfToken()
      .json({ credits: 80, price: 7, sortOrder: 5, isActive: false })
    assert.containsSubset(edited.body(), { credits: 80, price: 7, sortOrder: 5, isActive: false })

    const list = await client.get('/api/admin/credit-packs').loginAs(operator)
    assert.include(
      list.body().map((pack: { id: number }) => pack.id),
      id
    )

    const deleted = await client
      .delete(`/api/admin/credit-packs/${id}`)
      .loginAs(operator)
      .withCsrfToken()
    deleted.assertStatus(200)
    const missing = await client
      .delete(`/api/admin/credit-packs/${id}`)
      .loginAs(operator)
      .withCsrfToken()
    missing.assertStatus(404)
  })

  test('bad packs answer 422 with the messages', async ({ client, assert }) => {
    const operator = await createOperator()

    const empty = await client
      .post('/api/admin/credit-packs')
      .loginAs(operator)
      .withCsrfToken()
      .json({})
    const bad = await client
      .post('/api/admin/credit-packs')
      .loginAs(operator)
      .withCsrfToken()
      .json({ credits: 2.5, price: 1.001, sortOrder: 0.5 })

    assert.containsSubset(messagesOf(empty.body()), {
      credits: 'Credits are required',
      price: 'Price is required',
    })
    assert.deepEqual(messagesOf(bad.body()), {
      credits: 'Credits must be a whole number',
      price: 'Price is in dollars and cents (step 0.01)',
      sortOrder: 'Sort order must be a whole number',
    })
  })
})

test.group('Admin: unlimited credits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("sets the operator's balance to 999,999 through one ledger grant", async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const before = await balanceOf(operator)

    const response = await client
      .post('/api/admin/unlimited-credits')
      .loginAs(operator)
      .withCsrfToken()
    const twice = await client
      .post('/api/admin/unlimited-credits')
      .loginAs(operator)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBodyContains({ credits: 999_999 })
    twice.assertBodyContains({ credits: 999_999 })
    const ledger = await ledgerOf(operator)
    const grants = ledger.filter((row) => row.reason === 'admin_grant')
    assert.deepEqual(
      grants.map((row) => row.amount),
      [999_999 - before]
    )
    await assertBalanceIsLedger(assert, operator)
  })

  test('a normal user cannot grant themselves credits', async ({ client, assert }) => {
    const user = await createAccount('someone@example.com')

    const response = await client.post('/api/admin/unlimited-credits').loginAs(user).withCsrfToken()

    response.assertStatus(403)
    await user.refresh()
    assert.isBelow(await balanceOf(user), 999_999)
  })
})

test.group('Admin: the /admin page writes through Inertia visits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a plan saved from the page comes back to /admin with the flash, the list in the props', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()

    const created = await client
      .post('/admin/plans')
      .loginAs(operator)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/admin')
      .json(PLAN)
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('location', '/admin')
    assert.deepEqual(created.flashMessages(), { success: 'Plan created successfully!' })
    const plan = await Plan.findByOrFail('slug', 'pro-plus')
    assert.equal(plan.priceCents, 9050)

    const page = await client
      .get('/admin')
      .loginAs(operator)
      .withInertia()
      .withSession({ __flash__: created.flashMessages() })
    page.assertInertiaComponent('admin/dashboard')
    const props = page.inertiaProps as {
      plans: { name: string }[]
      flash: { success?: string }
    }
    assert.include(
      props.plans.map(({ name }) => name),
      'Pro Plus'
    )
    assert.equal(props.flash.success, 'Plan created successfully!')

    const updated = await client
      .patch(`/admin/plans/${plan.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/admin')
      .json({ ...PLAN, price: 99 })
      .redirects(0)
    assert.include([302, 303], updated.status())
    assert.deepEqual(updated.flashMessages(), { success: 'Plan updated successfully!' })
    await plan.refresh()
    assert.equal(plan.priceCents, 9900)

    const deleted = await client
      .delete(`/admin/plans/${plan.id}`)
      .loginAs(operator)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/admin')
      .redirects(0)
    assert.include([302, 303], deleted.status())
    assert.deepEqual(deleted.flashMessages(), { success: 'Plan deleted successfully!' })
    assert.isNull(await Plan.find(plan.id))
  })

  test('refusals come back as the form errors: validation, a taken code, a catalogue plan, a taken price', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    await createCoupon({ code: 'TAKEN' })
    const free = await planBySlug('free')
    const visit = (method: 'post' | 'delete', url: string, body?: object) => {
      const request = client[method](url)
        .loginAs(operator)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/admin')
        .redirects(0)
      return body ? request.json(body) : request
    }

    await free.merge({ stripePriceId: 'price_free' }).save()
    const invalid = await visit('post', '/admin/credit-packs', { credits: 2.5, price: 1.001 })
    const taken = await visit('post', '/admin/coupons', { code: 'taken', discountValue: 10 })
    const catalogue = await visit('delete', `/admin/plans/${free.id}`)
    const price = await visit('post', '/admin/plans', { ...PLAN, stripePriceId: 'price_free' })

    for (const response of [invalid, taken, catalogue, price]) {
      // Inertia turns a DELETE's redirect into a 303, so the browser follows it with a GET.
      assert.include([302, 303], response.status())
      response.assertHeader('location', '/admin')
    }
    assert.containsSubset(invalid.flashMessages().inputErrorsBag, {
      credits: ['Credits must be a whole number'],
      price: ['Price is in dollars and cents (step 0.01)'],
    })
    assert.deepEqual(taken.flashMessages().inputErrorsBag, {
      code: 'A coupon with this code already exists',
    })
    assert.deepEqual(catalogue.flashMessages().inputErrorsBag, {
      form: 'The Free, Pro and Agency plans are the catalogue and cannot be deleted',
    })
    assert.deepEqual(price.flashMessages().inputErrorsBag, {
      stripePriceId:
        'The Free plan already uses this Stripe price ID: each plan needs its own price.',
    })
    assert.isNotNull(await Plan.find(free.id))
  })

  test('Grant Unlimited Credits from the page: the balance, and the flash', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()

    const response = await client
      .post('/admin/unlimited-credits')
      .loginAs(operator)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/admin')
      .redirects(0)

    response.assertStatus(302)
    assert.deepEqual(response.flashMessages(), { success: 'Unlimited credits granted' })
    await operator.refresh()
    assert.equal(await balanceOf(operator), 999_999)
    await assertBalanceIsLedger(assert, operator)
  })

  test('the page forms are the operator’s: anyone else gets Access Denied', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('someone@example.com')

    const response = await client
      .post('/admin/plans')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .json(PLAN)
      .redirects(0)

    response.assertStatus(403)
    assert.isNull(await Plan.findBy('slug', 'pro-yearly'))
  })
})
