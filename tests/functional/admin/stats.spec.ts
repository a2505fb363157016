import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { AdminStats } from '#admin/queries/admin_stats'
import { createAccount } from '#tests/helpers/auth'
import { countQueries, createOperator, seedUsers } from '#tests/helpers/admin'
import { UserFactory } from '#database/factories/user_factory'
import { ProjectFactory } from '#database/factories/project_factory'
import { balanceOf } from '#tests/helpers/billing'

test.group('Admin: stats', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the stat cards and the user table count a seeded data set', async ({ client, assert }) => {
    const operator = await createOperator()
    const maker = await UserFactory.merge({ email: 'maker@example.com' }).create()
    const idle = await UserFactory.merge({ email: 'idle@example.com' }).create()
    const statuses = ['done', 'done', 'failed', 'draft', 'draft', 'draft', 'queued'] as const
    await ProjectFactory.merge(statuses.map((status) => ({ userId: maker.id, status }))).createMany(
      statuses.length
    )

    const response = await client.get('/api/admin/stats').loginAs(operator)

    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      totalUsers: 3,
      videosGenerated: 2,
      videosFailed: 1,
      videosDrafts: 3,
      creditPackPurchases: 0,
      userMetricsPage: { page: 1, perPage: 25, lastPage: 1, total: 3 },
    })
    assert.deepEqual(
      body.userMetrics.map((metric: Record<string, unknown>) => metric.email),
      [idle.email, maker.email, operator.email]
    )
    assert.deepEqual(body.userMetrics[1], {
      id: maker.id,
      email: 'maker@example.com',
      credits: await balanceOf(maker),
      plan: 'free',
      videosCreated: 7,
      videosFailed: 1,
      videosDrafts: 3,
      creditPacksPurchased: 0,
      createdAt: maker.createdAt.toJSDate().toISOString(),
    })
  })

  test('pages of users come from the server, 25 at a time', async ({ client, assert }) => {
    const operator = await createOperator()
    await seedUsers(60)

    const third = await client.get('/api/admin/stats?page=3').loginAs(operator)
    const beyond = await client.get('/api/admin/stats?page=99').loginAs(operator)
    const junk = await client.get('/api/admin/stats?page=abc').loginAs(operator)

    assert.equal(third.body().userMetrics.length, 11)
    assert.deepEqual(third.body().userMetricsPage, { page: 3, perPage: 25, lastPage: 3, total: 61 })
    assert.equal(beyond.body().userMetricsPage.page, 3)
    assert.equal(junk.body().userMetricsPage.page, 1)
  })

  test('the number of queries does not grow with the number of users', async ({ assert }) => {
    await seedUsers(10, ['done', 'failed', 'draft'])
    const forTen = await countQueries(() => new AdminStats().forPage(1))
    await seedUsers(990, ['done', 'failed', 'draft'])
    const forThousand = await countQueries(() => new AdminStats().forPage(40))

    assert.equal(forTen, 2)
    assert.equal(forThousand, forTen)
  })

  test('/admin takes the same stats as props', async ({ client }) => {
    const operator = await createOperator()

    const page = await client.get('/admin').loginAs(operator).withInertia()

    page.assertInertiaPropsContains({
      stats: { totalUsers: 1, videosGenerated: 0, creditPackPurchases: 0 },
      apiConfiguration: { aiDriver: 'local' },
    })
  })

  test('completed pack payments count as credit pack purchases, per user too', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const buyer = await createAccount('buyer@example.com')
    const payment = (status: string, kind = 'pack') => ({
      user_id: buyer.id,
      kind,
      status,
      amount_cents: 300,
      credits: 30,
      created_at: new Date(),
      updated_at: new Date(),
    })
    await db
      .table('payments')
      .multiInsert([
        payment('completed'),
        payment('completed'),
        payment('pending'),
        payment('failed'),
        payment('completed', 'subscription'),
      ])

    const response = await client.get('/api/admin/stats').loginAs(operator)
    const page = await client.get('/admin').loginAs(operator).withInertia()

    assert.equal(response.body().creditPackPurchases, 2)
    const row = response
      .body()
      .userMetrics.find((metric: { email: string }) => metric.email === 'buyer@example.com')
    assert.equal(row.creditPacksPurchased, 2)
    page.assertInertiaPropsContains({ stats: { creditPackPurchases: 2 } })
    assert.includeMembers(
      page.inertiaProps.plans.map((plan: { slug: string }) => plan.slug),
      ['free', 'pro', 'agency']
    )
    assert.isArray(page.inertiaProps.coupons)
    assert.isArray(page.inertiaProps.creditPacks)
  })
})
