import { test } from '@japa/runner'
import { obliterateQueues } from '#tests/helpers/studio'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import { balanceOf, planBySlug, planOf } from '#tests/helpers/billing'
import {
  CSRF_EXEMPT,
  UNREACHABLE,
  callRoute,
  isOperatorRoute,
  requestFor,
  rowsOf,
  securityRoutes,
  securityWorld,
  type SecurityWorld,
} from '#tests/helpers/security'

/**
 * Every write route gets its usual body plus fields a client must never set:
 * balance, plan, owner, status, output, operator rights. A field the route
 * takes by design keeps its fixture value. Afterwards none of the values
 * sent is found anywhere, the balance is still Σ ledger, the plan is the
 * same, the victim's rows are untouched and the sender is still no operator.
 */

const EVIL_CREDITS = 987_654_321
const EVIL_URL = 'https://evil.example/mass-assignment.mp4'
const EVIL_EMAIL = 'evil-9c1d@example.com'

/** Values no row may hold afterwards (none does before). */
const EVIL_TEXTS = [String(EVIL_CREDITS), 'evil.example', 'evil-9c1d']

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE']

async function evilFields(victim: User) {
  const agency = await planBySlug('agency')
  return {
    credits: EVIL_CREDITS,
    plan: 'agency',
    planId: agency.id,
    plan_id: agency.id,
    userId: victim.id,
    user_id: victim.id,
    status: 'done',
    outputVideoUrl: EVIL_URL,
    output_video_url: EVIL_URL,
    outputVideoKey: EVIL_URL,
    output_video_key: EVIL_URL,
    isAdmin: true,
    is_admin: true,
    role: 'admin',
    email: EVIL_EMAIL,
  }
}

/** Tables (any column) holding one of the texts. */
async function tablesHolding(texts: string[]) {
  const { rows } = await db.rawQuery<{ rows: { table_name: string }[] }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  )
  const found: string[] = []
  for (const { table_name: table } of rows) {
    const hit = await db.rawQuery<{ rows: unknown[] }>(
      `select 1 from "${table}" t where ${texts.map(() => 't::text like ?').join(' or ')} limit 1`,
      texts.map((text) => `%${text}%`)
    )
    if (hit.rows.length > 0) found.push(table)
  }
  return found
}

/** Rows of the user's (or of their projects) that carry status 'done'. */
async function finishedRowsOf(userId: number) {
  const result = await db.rawQuery<{ rows: { count: string }[] }>(
    `select (select count(*) from projects where user_id = :user and status = 'done')
          + (select count(*) from payments where user_id = :user and status = 'done')
          + (select count(*) from scenes where status = 'done'
               and project_id in (select id from projects where user_id = :user)) as count`,
    { user: userId }
  )
  return Number(result.rows[0].count)
}

async function ledgerSum(userId: number) {
  const [{ total }] = await db.from('credit_ledger').where('user_id', userId).sum('amount as total')
  return Number(total ?? 0)
}

test.group('Security: mass assignment', (group) => {
  let world: SecurityWorld
  group.setup(async () => {
    const created = await securityWorld()
    world = created.world
    return created.remove
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('{key} sets none of credits, plan, owner, status, output or operator rights')
    .with(() =>
      securityRoutes().filter(
        (route) =>
          STATE_CHANGING.includes(route.method) &&
          !(route.key in CSRF_EXEMPT) &&
          !(route.key in UNREACHABLE)
      )
    )
    .run(async ({ client, assert }, route) => {
      const actor = isOperatorRoute(route) ? world.operator : world.attacker.user
      const victimBefore = await rowsOf(world.victim.user.id)
      const { body } = requestFor(route, world.attacker)
      assert.deepEqual(await tablesHolding(EVIL_TEXTS), [], 'no row holds the values before')
      await actor.refresh()
      const planBefore = await planOf(actor)

      const response = await callRoute(client, route, world.attacker, {
        as: actor,
        body: { ...(await evilFields(world.victim.user)), ...body },
      })

      assert.isBelow(response.status(), 500, response.text())
      assert.deepEqual(await tablesHolding(EVIL_TEXTS), [])
      assert.deepEqual(await rowsOf(world.victim.user.id), victimBefore)
      await actor.refresh()
      assert.equal(await planOf(actor), planBefore)
      assert.equal(await balanceOf(actor), await ledgerSum(actor.id), 'balance = Σ ledger')
      assert.equal(await finishedRowsOf(world.attacker.user.id), 0)
      const admin = await client.get('/api/admin/stats').loginAs(world.attacker.user)
      admin.assertStatus(403)
    })
})
