import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import { type ProjectAnnouncement, projectChannel } from '#studio/render/progress_relay'
import { watchRender } from '#studio/render/render_watch'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

async function renderingProject(email: string) {
  const project = await createProject(await createAccount(email), 1)
  await db
    .from('projects')
    .where('id', project.id)
    .update({ status: 'rendering', progress_percent: 70 })
  return project
}

/** A watch that records what it was told, with a short recheck unless given one. */
function watch(projectId: number, options: { timeoutMs?: number; recheckMs?: number } = {}) {
  const seen: ProjectAnnouncement[] = []
  const controller = new AbortController()
  const ending = watchRender(projectId, {
    onAnnouncement: (announcement) => seen.push(announcement),
    signal: controller.signal,
    timeoutMs: options.timeoutMs ?? 20_000,
    recheckMs: options.recheckMs,
  })
  return { seen, ending, abort: () => controller.abort() }
}

test.group('Render watch', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("follows its project's channel to the end, and no other project's", async ({ assert }) => {
    const project = await renderingProject('watch.channel@example.com')
    const other = await renderingProject('watch.other@example.com')
    const { seen, ending } = watch(project.id)
    await until(() => seen.length === 1, 5000, 'the first read')

    transmit.broadcast(projectChannel(other.id), { status: 'done', progress: 100, error: null })
    transmit.broadcast(projectChannel(project.id), {
      status: 'rendering',
      progress: 85,
      error: null,
    })
    transmit.broadcast(projectChannel(project.id), {
      status: 'failed',
      progress: 0,
      error: 'Scene 1 could not be drawn.',
    })
    const end = await ending

    assert.deepEqual(seen, [
      { status: 'rendering', progress: 70, error: null },
      { status: 'rendering', progress: 85, error: null },
      { status: 'failed', progress: 0, error: 'Scene 1 could not be drawn.' },
    ])
    assert.deepEqual(end, { outcome: 'ended', last: seen[2] })
  })

  test('an announcement lost on its way is caught by the next read of the row', async ({
    assert,
  }) => {
    const project = await renderingProject('watch.lost@example.com')
    const { seen, ending } = watch(project.id, { recheckMs: 50 })
    await until(() => seen.length > 0, 5000, 'the first read')

    await db
      .from('projects')
      .where('id', project.id)
      .update({ status: 'done', progress_percent: 100 })
    const end = await ending

    assert.deepEqual(end, {
      outcome: 'ended',
      last: { status: 'done', progress: 100, error: null },
    })
  })

  test('it gives up after its time, when the watcher leaves, and when the project goes', async ({
    assert,
  }) => {
    const slow = await renderingProject('watch.slow@example.com')
    const left = await renderingProject('watch.left@example.com')
    const deleted = await renderingProject('watch.deleted@example.com')
    const rendering = { status: 'rendering', progress: 70, error: null }

    const timedOut = await watch(slow.id, { timeoutMs: 200 }).ending
    const leaving = watch(left.id)
    await until(() => leaving.seen.length === 1, 5000, 'the first read')
    leaving.abort()
    await db.from('projects').where('id', deleted.id).delete()
    const gone = await watch(deleted.id).ending

    assert.deepEqual(timedOut, { outcome: 'timed_out', last: rendering })
    assert.deepEqual(await leaving.ending, { outcome: 'aborted', last: rendering })
    assert.deepEqual(gone, { outcome: 'gone' })
  })
})
