import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#auth/models/user'
import Project from '#studio/models/project'
import { grantCredits } from '#tests/helpers/auth'
import { assertBalanceIsLedger, balanceOf, watchHealth } from '#tests/helpers/billing'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import { createProject, obliterateQueues } from '#tests/helpers/studio'

/**
 * 20 generate_video calls at once through MCP, on 20 projects, with a
 * balance that covers some of them. No global transaction here: the calls
 * really race, each in its own transaction on its own connection, so the
 * test cleans up after itself.
 */

const CALLS = 20
/** Videos the balance covers. */
const AFFORDABLE = 7
/** Each project has one 5-second scene: 5 credits a video. */
const COST = 5

test.group('MCP: parallel generate_video', (group) => {
  let user: User | null = null

  group.each.teardown(async () => {
    if (user) await User.query().where('id', user.id).delete()
    user = null
    await obliterateQueues()
  })

  test('20 calls on a balance for 7 videos charge exactly 7; the balance stays Σ ledger; /health answers throughout', async ({
    assert,
    cleanup,
  }) => {
    user = await createAgencyAccount(`mcp-race-${Date.now()}@example.com`)
    const spare = COST - 1
    await grantCredits(user, AFFORDABLE * COST + spare - (await balanceOf(user)), 'race')
    await user.refresh()
    const before = await balanceOf(user)
    const projects: Project[] = []
    for (let index = 0; index < CALLS; index++) projects.push(await createProject(user, 1))
    const { client } = await connectAgent(await createApiToken(user), cleanup)

    const health = watchHealth()
    const results = await Promise.all(
      projects.map((project) =>
        client.callTool({ name: 'generate_video', arguments: { id: project.id } })
      )
    )
    const seen = await health()

    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    const started = results.filter((result) => !result.isError)
    const refused = results.filter((result) => result.isError)
    assert.lengthOf(started, AFFORDABLE)
    assert.isTrue(started.every((result) => dataOf(result).status === 'queued'))
    assert.lengthOf(refused, CALLS - AFFORDABLE)
    for (const result of refused) {
      assert.match(textOf(result), /^You need 1 more credits: this video costs 5 credits and/)
    }

    assert.equal(await assertBalanceIsLedger(assert, user), before - AFFORDABLE * COST)
    const charges = await db
      .from('credit_ledger')
      .where('user_id', user.id)
      .where('reason', 'video_charge')
      .select('amount', 'balance_after')
    assert.lengthOf(charges, AFFORDABLE)
    assert.isTrue(charges.every((row) => row.amount === -COST && row.balance_after >= 0))
    const queued = await Project.query().where('user_id', user.id).whereNot('status', 'draft')
    assert.sameMembers(
      queued.map((project) => project.id),
      started.map((result) => dataOf(result).projectId)
    )
  })
})
