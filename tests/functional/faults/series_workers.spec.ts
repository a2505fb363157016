import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#auth/models/user'
import Project from '#studio/models/project'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import seriesConfig from '#config/series'
import { createAgencyAccount } from '#tests/helpers/api_tokens'
import { grantCredits } from '#tests/helpers/auth'
import { assertBalanceIsLedger } from '#tests/helpers/billing'
import { OwnRedis, WorkerProcess, useRedisQueues, waitForProjects } from '#tests/helpers/faults'
import { until } from '#tests/helpers/wait'

const EVERY_MS = 1500

test.group(
  'Faults: a series’ schedule with two workers, one killed mid-slot, one restarted',
  () => {
    test('three fires of the job scheduler make exactly three videos, each charged once', async ({
      client,
      assert,
      cleanup,
    }) => {
      const redis = await OwnRedis.start()
      cleanup(() => redis.destroy())
      const queues = await useRedisQueues(redis.url, cleanup)
      // The controllable clock: the daily schedule fires every 1.5 s, through the same scheduler.
      seriesConfig.everyMs = EVERY_MS
      cleanup(async () => {
        seriesConfig.everyMs = undefined
      })
      const user = await createAgencyAccount('faults.series@example.com')
      cleanup(async () => {
        await User.query().where('id', user.id).delete()
      })
      await grantCredits(user, 90)
      const workerEnv = { REDIS_URL: redis.url, SERIES_EVERY_MS: String(EVERY_MS) }
      const doomed = await WorkerProcess.start(workerEnv)
      cleanup(() => doomed.kill())
      const survivor = await WorkerProcess.start(workerEnv)
      cleanup(() => survivor.stop())

      const created = await client
        .post('/api/series')
        .json({
          name: 'Two workers',
          csv: [
            'topic,script',
            'Kettle,A kettle sings on a quiet morning stove.',
            'Grinder,Fresh beans tumble into a hand grinder.',
            'Filter,Dark coffee drips slowly through a paper filter.',
          ].join('\n'),
          schedule: { kind: 'daily', time: '07:00' },
          style: 'cinematic',
          voice: { id: 'en-us', provider: 'espeak', language: 'english' },
          aspect_ratio: '9:16',
          generation_mode: 'text-to-video',
        })
        .loginAs(user)
        .withCsrfToken()
      created.assertStatus(201)
      const { id } = created.body() as { id: number }
      const claimedOrMade = async () => {
        const slots = await SeriesSlot.query().where('series_id', id).whereNot('state', 'pending')
        return slots.length
      }

      // A worker dies as the first fire is taken; its job is taken up again after its lock runs out.
      await until(async () => (await claimedOrMade()) >= 1, 30_000, 'the first fire', 20)
      await doomed.kill()
      // A worker restarts between fires: it upserts the scheduler again, harmlessly.
      await until(async () => (await claimedOrMade()) >= 2, 30_000, 'the second fire')
      const restarted = await WorkerProcess.start(workerEnv)
      cleanup(() => restarted.stop())

      await until(
        async () => {
          const series = await Series.findOrFail(id)
          return series.status === 'finished'
        },
        60_000,
        () => `the series to finish:\n${survivor.output.slice(-2000)}`
      )
      const slots = await SeriesSlot.query().where('series_id', id).orderBy('position')
      assert.deepEqual(
        slots.map((slot) => slot.state),
        ['made', 'made', 'made']
      )
      assert.lengthOf(new Set(slots.map((slot) => slot.fireKey)), 3)
      const projects = await Project.query().where('user_id', user.id).orderBy('id')
      assert.lengthOf(projects, 3)
      const finished = await waitForProjects(projects, 120_000)
      assert.deepEqual(
        finished.map((project) => project.status),
        ['done', 'done', 'done']
      )
      const charges = await db
        .from('credit_ledger')
        .where('user_id', user.id)
        .where('reason', 'video_charge')
      assert.lengthOf(charges, 3)
      assert.lengthOf(new Set(charges.map((row) => row.reference)), 3)
      assert.equal(await assertBalanceIsLedger(assert, user), 100 - 15)
      assert.isUndefined(await queues.queue('series').getJobScheduler(`series-${id}`))
    })
      .tags(['@faults'])
      .timeout(240_000)
  }
)
