import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import transmit from '@adonisjs/transmit/services/main'
import { createAccount } from '#tests/helpers/auth'
import { createProject, generateAll, startRenderWorker, waitForStatus } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'
import { VideoLifecycle } from '#studio/render/video_lifecycle'

test.group('Live progress (SSE)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a client may subscribe to its own project's channel only", async ({ client }) => {
    const owner = await createAccount('sse.owner@example.com')
    const stranger = await createAccount('sse.stranger@example.com')
    const project = await createProject(owner, 1)

    const theirs = await client
      .post('/__transmit/subscribe')
      .json({ uid: 'stranger-tab', channel: `projects/${project.id}` })
      .loginAs(stranger)
      .withCsrfToken()
    const signedOut = await client
      .post('/__transmit/subscribe')
      .json({ uid: 'anonymous-tab', channel: `projects/${project.id}` })
      .withCsrfToken()

    theirs.assertStatus(404)
    theirs.assertBody({ message: 'Channel not found' })
    signedOut.assertStatus(401)
  })

  test("every transition of the render reaches the project's channel with its status", async ({
    client,
    assert,
    cleanup,
  }) => {
    const sent: { channel: string; payload: unknown }[] = []
    const broadcast = transmit.broadcast.bind(transmit)
    transmit.broadcast = (channel, payload) => {
      sent.push({ channel, payload })
      broadcast(channel, payload)
    }
    // The app's relay runs in the test process as in every web process.
    cleanup(() => {
      transmit.broadcast = broadcast
    })
    await startRenderWorker(cleanup)
    const user = await createAccount('sse.viewer@example.com')
    const project = await createProject(user, 1)

    await generateAll(client, user, project.id)
    await waitForStatus(project.id, ['done'], 60_000)
    // The row is written before its announcement travels the event stream to the relay.
    await until(
      () => sent.some((event) => (event.payload as { status?: string }).status === 'done'),
      10_000,
      '"done" on the channel'
    )

    const mine = sent.filter((event) => event.channel === `projects/${project.id}`)
    assert.isAbove(mine.length, 1)
    assert.deepEqual(mine.at(-1)!.payload, { status: 'done', progress: 100, error: null })
    assert.isTrue(sent.every((event) => event.channel === `projects/${project.id}`))
    // Inside its steps (processing 33, rendering 66, done 100), and never backwards.
    const seen = mine.map((event) => event.payload as { status: string; progress: number })
    const bands: Record<string, [number, number]> = {
      queued: [0, 0],
      processing: [33, 65],
      rendering: [66, 99],
      done: [100, 100],
    }
    for (const { status, progress } of seen) {
      assert.properties(bands, [status])
      assert.isAtLeast(progress, bands[status][0], status)
      assert.isAtMost(progress, bands[status][1], status)
    }
    const progresses = seen.map((event) => event.progress)
    assert.deepEqual(
      progresses,
      [...progresses].sort((a, b) => a - b)
    )
    assert.includeMembers(
      seen.map((event) => event.status),
      ['processing', 'rendering', 'done']
    )
  })

  test('a step that changes neither status nor progress is not announced', async ({
    assert,
    cleanup,
  }) => {
    const sent: unknown[] = []
    const broadcast = transmit.broadcast.bind(transmit)
    transmit.broadcast = (channel, payload) => {
      sent.push(payload)
      broadcast(channel, payload)
    }
    cleanup(() => {
      transmit.broadcast = broadcast
    })
    const user = await createAccount('sse.quiet@example.com')
    const project = await createProject(user, 2)
    await project.merge({ status: 'processing', progressPercent: 46, renderRun: 1 }).save()
    const lifecycle = await app.container.make(VideoLifecycle)

    const again = await lifecycle.advance(project.id, 1, 'process', 33)
    const forward = await lifecycle.advance(project.id, 1, 'process', 60)

    assert.isFalse(again)
    assert.isTrue(forward)
    await until(() => sent.length > 0, 10_000, 'the announcement of the step forward')
    assert.deepEqual(sent, [{ status: 'processing', progress: 60, error: null }])
  })
})
