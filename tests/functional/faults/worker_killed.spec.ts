import { test } from '@japa/runner'
import User from '#auth/models/user'
import Scene from '#studio/models/scene'
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
import { runCreditsReference } from '#studio/render/run_ids'

test.group('Faults: a worker SIGKILLed mid-render (Redis backend, two workers)', () => {
  test('the other worker finishes the queue; every job completes, every render is charged once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const redis = await OwnRedis.start()
    cleanup(() => redis.destroy())
    const queues = await useRedisQueues(redis.url, cleanup)
    const user = await createAccount('faults.worker.kill@example.com')
    cleanup(async () => {
      await User.query().where('id', user.id).delete()
    })
    // With the signup grant of 10: exactly the four renders' 60 credits.
    await grantCredits(user, 50)
    const projects = [
      await createProject(user, 3),
      await createProject(user, 3),
      await createProject(user, 3),
      await createProject(user, 3),
    ]
    // Two workers share the queue from the start; full-size renders, so the kill lands mid-scene.
    const doomed = await WorkerProcess.start({ REDIS_URL: redis.url, RENDER_SCALE: '1' })
    cleanup(() => doomed.kill())
    const survivor = await WorkerProcess.start({ REDIS_URL: redis.url, RENDER_SCALE: '1' })
    cleanup(() => survivor.stop())
    for (const project of projects) {
      const started = await generateAll(client, user, project.id)
      started.assertStatus(202)
    }
    await until(
      async () => {
        const busy = await Scene.query()
          .whereIn(
            'project_id',
            projects.map((project) => project.id)
          )
          .where('status', 'processing')
        return busy.length > 1
      },
      60_000,
      'scenes in progress'
    )
    await doomed.kill()
    // What the killed worker held, read before its locks (QUEUE_LOCK_MS) run out: up to its
    // concurrency on each queue (three scene jobs at once on media, one compose on render).
    const atKill = await renderJobsOf(queues, projects)
    const held = atKill
      .filter((job) => job.state === 'active' && job.processedBy === doomed.workerName)
      .map((job) => job.id)

    const finished = await waitForProjects(projects, 150_000)

    assert.deepEqual(
      finished.map((project) => project.status),
      projects.map(() => 'done'),
      survivor.output
    )
    const jobs = await renderJobsOf(queues, projects)
    assert.deepEqual(
      jobs.map((job) => [job.id, job.state]),
      jobs.map((job) => [job.id, 'completed'])
    )
    // Only the jobs the killed worker held ran twice; the other worker carried the queue.
    const rerun = jobs.filter((job) => job.attemptsStarted > 1).map((job) => job.id)
    assert.includeMembers(held, rerun, JSON.stringify({ held, rerun }))
    assert.isTrue(jobs.some((job) => job.processedBy === survivor.workerName))
    const ledger = await ledgerOf(user)
    assert.deepEqual(
      ledger.filter((row) => ['video_charge', 'refund'].includes(row.reason)),
      projects.map((project) => ({
        amount: -15,
        reason: 'video_charge',
        reference: runCreditsReference(project.id, 1),
        payment_id: null,
      }))
    )
    assert.equal(await assertBalanceIsLedger(assert, user), 0)
  })
    .tags(['@faults'])
    .timeout(240_000)
})
