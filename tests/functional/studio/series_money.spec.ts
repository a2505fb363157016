import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import Series from '#studio/models/series'
import { createAgencyAccount } from '#tests/helpers/api_tokens'
import { assertBalanceIsLedger, balanceOf, setBalance, watchHealth } from '#tests/helpers/billing'
import { startSeriesWorker } from '#tests/helpers/series'
import { until } from '#tests/helpers/wait'

/*
 * Series money under load (docs/series.md, Money): real transactions racing
 * on the real pool, two workers making the slots, so no global transaction
 * here; the account and all it made are removed after each test.
 */

const DOMAIN = 'series-load.reelforge.test'

/** Twelve words or fewer: one 5-second scene, 5 credits. */
const SCRIPT = 'A kettle sings on a quiet morning stove.'
const PAUSED = 'Paused: 2 credits left, the next video needs 5.'

function oneTopicSeries(index: number) {
  return {
    name: `Cup ${index}`,
    csv: `topic,script\r\nCup ${index},"${SCRIPT}"`,
    schedule: { kind: 'now' },
    style: 'cinematic',
    voice: { id: 'en-us', provider: 'espeak', language: 'english' },
    aspect_ratio: '9:16',
  }
}

/** Every series of the user done with for now: finished, or paused by its own balance check. */
async function settled(user: User, count: number) {
  const rows = await Series.query().where('user_id', user.id)
  return rows.length === count && rows.every((row) => row.status !== 'active')
}

async function videoCharges(user: User) {
  return db
    .from('credit_ledger')
    .where('user_id', user.id)
    .where('reason', 'video_charge')
    .select('reference', 'amount')
}

test.group('Series money under load', (group) => {
  group.tap((t) => t.timeout(240_000))
  group.each.teardown(async () => {
    await db.from('users').where('email', 'like', `%@${DOMAIN}`).delete()
  })

  test('24 one-video series created at once on 52 credits: 10 are made and charged once each, 14 pause; their parallel resumes are refused until credits are bought, then six more are made', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startSeriesWorker(cleanup)
    await startSeriesWorker(cleanup, { keepQueues: true })
    const user = await createAgencyAccount(`agency@${DOMAIN}`)
    await setBalance(user, 52, 'series-load')

    const health = watchHealth()
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        client.post('/api/series').json(oneTopicSeries(index)).loginAs(user).withCsrfToken()
      )
    )
    assert.deepEqual(
      created.map((answer) => answer.status()),
      created.map(() => 201)
    )
    await until(() => settled(user, 24), 180_000, 'every series finished or paused')
    const during = await health()
    assert.deepEqual(during.statuses, [200], `/health answered ${during.statuses}`)

    // 52 credits pay for ten 5-credit videos: whichever slots ran first, each charged once.
    const series = await Series.query().where('user_id', user.id)
    const finished = series.filter((row) => row.status === 'finished')
    const paused = series.filter((row) => row.status === 'paused')
    assert.lengthOf(finished, 10)
    assert.lengthOf(paused, 14)
    assert.isTrue(paused.every((row) => row.pauseReason === PAUSED))
    const charges = await videoCharges(user)
    assert.lengthOf(charges, 10)
    assert.lengthOf(new Set(charges.map((charge) => charge.reference)), 10, 'one charge a video')
    assert.isTrue(charges.every((charge) => Number(charge.amount) === -5))
    assert.equal(await balanceOf(user), 2)
    await assertBalanceIsLedger(assert, user)

    // Resumed all at once with 2 credits: refused, since each would only pause again.
    const refused = await Promise.all(
      paused.map((row) => client.post(`/api/series/${row.id}/resume`).loginAs(user).withCsrfToken())
    )
    assert.deepEqual(
      refused.map((answer) => answer.status()),
      refused.map(() => 409)
    )

    // 30 credits more pay for six of them: all 14 may resume, six are made, eight pause again.
    await setBalance(user, 32, 'series-load-pack')
    const resumeHealth = watchHealth()
    const resumed = await Promise.all(
      paused.map((row) => client.post(`/api/series/${row.id}/resume`).loginAs(user).withCsrfToken())
    )
    assert.deepEqual(
      resumed.map((answer) => answer.status()),
      resumed.map(() => 200)
    )
    await until(() => settled(user, 24), 120_000, 'every resumed series made or paused again')
    const whileResuming = await resumeHealth()
    assert.deepEqual(whileResuming.statuses, [200], `/health answered ${whileResuming.statuses}`)
    const after = await Series.query().where('user_id', user.id)
    assert.lengthOf(
      after.filter((row) => row.status === 'finished'),
      16
    )
    assert.lengthOf(
      after.filter((row) => row.status === 'paused'),
      8
    )
    assert.lengthOf(await videoCharges(user), 16)
    assert.equal(await balanceOf(user), 2)
    await assertBalanceIsLedger(assert, user)
  })
})
