import { test } from '@japa/runner'
import User from '#auth/models/user'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { assertBalanceIsLedger, ledgerOf } from '#tests/helpers/billing'
import { createProject, generateAll } from '#tests/helpers/studio'
import {
  OwnRedis,
  WorkerProcess,
  renderJobsOf,
  useRedisQueues,
  waitForProjects,
} from '#tests/helpers/faults'
import { until } from '#tests/helpers/wait'
import Project from '#studio/models/project'
import { runCreditsReference } from '#studio/render/run_ids'

test.group('Faults: Redis restarted while renders are queued', () => {
  test('the app answers again without a restart; every render runs once, every charge is taken once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const redis = await OwnRedis.start()
    cleanup(() => redis.destroy())
    const queues = await useRedisQueues(redis.url, cleanup)
    const user = await createAccount('faults.redis@example.com')
    cleanup(async () => {
      await User.query().where('id', user.id).delete()
    })
    // With the signup grant of 10: exactly the three renders' 30 credits.
    await grantCredits(user, 20)
    const [before, during, after] = [
      await createProject(user, 2),
      await createProject(user, 2),
      await createProject(user, 2),
    ]

    const queuedFirst = await generateAll(client, user, before.id)
    queuedFirst.assertStatus(202)
    await redis.stop()
    const down = await client.get('/health')
    down.assertStatus(503)
    assert.equal(down.body().checks.queue.status, 'error')
    // Sent while Redis is away: charged and queued, its flow waits for the connection to come back.
    // (`.send()`: a request builder is lazy, and would otherwise leave only when awaited.)
    const sentDuringOutage = generateAll(client, user, during.id).send()
    await until(
      async () => {
        const project = await Project.findOrFail(during.id)
        return project.status === 'queued'
      },
      15_000,
      'the render sent during the outage to be charged'
    )
    await redis.restart()

    const answeredAfterOutage = await sentDuringOutage
    answeredAfterOutage.assertStatus(202)
    await until(
      async () => {
        const health = await client.get('/health')
        return health.status() === 200
      },
      15_000,
      'health 200'
    )
    const queuedAfter = await generateAll(client, user, after.id)
    queuedAfter.assertStatus(202)

    const worker = await WorkerProcess.start({ REDIS_URL: redis.url })
    cleanup(() => worker.stop())
    const projects = [before, during, after]
    const finished = await waitForProjects(projects, 90_000)

    assert.deepEqual(
      finished.map((project) => project.status),
      ['done', 'done', 'done'],
      worker.output
    )
    const jobs = await renderJobsOf(queues, projects)
    assert.deepEqual(
      jobs.map((job) => [job.id, job.state, job.attemptsStarted]),
      jobs.map((job) => [job.id, 'completed', 1])
    )
    const ledger = await ledgerOf(user)
    assert.deepEqual(
      ledger.filter((row) => ['video_charge', 'refund'].includes(row.reason)),
      projects.map((project) => ({
        amount: -10,
        reason: 'video_charge',
        reference: runCreditsReference(project.id, 1),
        payment_id: null,
      }))
    )
    assert.equal(await assertBalanceIsLedger(assert, user), 0)
  })
    .tags(['@faults'])
    .timeout(150_000)
})
