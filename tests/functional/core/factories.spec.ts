import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { PlanEffects } from '#billing/queries/plan_effects'
import { opensWith, UserFactory } from '#database/factories/user_factory'
import { ProjectFactory } from '#database/factories/project_factory'
import { assertBalanceIsLedger, ledgerOf, planOf } from '#tests/helpers/billing'

test.group('Factories', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a user on a plan holds the credits asked for, through the ledger', async ({ assert }) => {
    const user = await UserFactory.apply('agency').tap(opensWith(120)).create()

    assert.equal(await planOf(user), 'agency')
    assert.equal(await assertBalanceIsLedger(assert, user), 120)
    assert.deepEqual(await ledgerOf(user), [
      { amount: 120, reason: 'signup', reference: `signup:${user.id}`, payment_id: null },
    ])
    assert.deepEqual(await new PlanEffects().forUser(user.id), {
      quality: '2160p',
      watermark: false,
    })
  })

  test('a broke user has no credits and no ledger rows', async ({ assert }) => {
    const user = await UserFactory.apply('broke').create()

    assert.equal(await assertBalanceIsLedger(assert, user), 0)
    assert.lengthOf(await ledgerOf(user), 0)
  })

  test('a finished video with its completed scenes', async ({ assert }) => {
    const owner = await UserFactory.create()

    const video = await ProjectFactory.merge({ userId: owner.id })
      .apply('done')
      .with('scenes', 3, (scenes) => scenes.apply('completed'))
      .create()

    assert.deepInclude(video.$attributes, { status: 'done', progressPercent: 100, renderRun: 1 })
    assert.isString(video.outputVideoKey)
    assert.deepEqual(
      video.scenes.map((scene) => [scene.status, scene.duration, scene.clipSourceKey !== null]),
      [
        ['completed', 5, true],
        ['completed', 5, true],
        ['completed', 5, true],
      ]
    )
  })
})
