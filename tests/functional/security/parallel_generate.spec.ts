import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#auth/models/user'
import Project from '#studio/models/project'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createProject, generateAll, obliterateQueues } from '#tests/helpers/studio'
import { balanceOf } from '#tests/helpers/billing'

/**
 * 50 Generate Final Video calls at once, on a balance that covers k of the
 * videos. No global transaction here: the requests really race, each in its
 * own transaction on its own connection, so the test cleans up after itself.
 */

const CALLS = 50
/** Videos the balance covers. */
const AFFORDABLE = 7
/** Each project has one 5-second scene: 5 credits a video. */
const COST = 5
/** Projects the calls go to: some get two calls at once. */
const PROJECTS = 40

test.group('Security: parallel Generate Final Video', (group) => {
  let user: User | null = null

  group.each.teardown(async () => {
    if (user) await User.query().where('id', user.id).delete()
    user = null
    await obliterateQueues()
  })

  test('50 calls on a balance for k videos charge exactly k; the balance stays Σ ledger, never negative', async ({
    client,
    assert,
  }) => {
    user = await createAccount(`race-${Date.now()}@example.com`)
    const spare = COST - 1
    await grantCredits(user, AFFORDABLE * COST + spare - (await balanceOf(user)), 'race')
    await user.refresh()
    const before = await balanceOf(user)
    const projects: Project[] = []
    for (let index = 0; index < PROJECTS; index++) projects.push(await createProject(user, 1))
    const targets = Array.from({ length: CALLS }, (_, call) => projects[call % PROJECTS])

    const racer = user
    const responses = await Promise.all(
      targets.map((project) => generateAll(client, racer, project.id))
    )

    const statuses = responses.map((response) => response.status())
    assert.deepEqual(
      [...new Set(statuses)].filter((status) => ![200, 202, 402].includes(status)),
      [],
      'only started, already started or short of credits'
    )
    assert.equal(statuses.filter((status) => status === 202).length, AFFORDABLE)

    await user.refresh()
    assert.equal(await balanceOf(user), before - AFFORDABLE * COST)
    assert.equal(await balanceOf(user), spare)
    const ledger = await db
      .from('credit_ledger')
      .where('user_id', user.id)
      .select('amount', 'reason', 'balance_after')
    const charges = ledger.filter((row) => row.reason === 'video_charge')
    assert.lengthOf(charges, AFFORDABLE)
    assert.isTrue(charges.every((row) => row.amount === -COST))
    assert.equal(
      ledger.reduce((sum, row) => sum + row.amount, 0),
      await balanceOf(user),
      'balance = Σ ledger'
    )
    assert.isTrue(
      ledger.every((row) => row.balance_after >= 0),
      'no movement took the balance below zero'
    )

    const started = await Project.query().where('user_id', user.id).whereNot('status', 'draft')
    assert.lengthOf(started, AFFORDABLE)
    assert.isTrue(started.every((project) => project.chargedCredits === COST))
  })
})
