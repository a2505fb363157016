import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { probe } from '#media/ffmpeg/probe'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import { grantCredits } from '#tests/helpers/auth'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, mcpUrl, textOf } from '#tests/helpers/mcp'
import { createProject, startRenderWorker } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

const SCRIPT =
  'A lighthouse keeper climbs the spiral stairs at dawn and lights the great lamp for the ships. ' +
  'The fog lifts and a small fishing boat slips safely past the rocks into the quiet harbour.'

test.group('MCP: an agent makes, watches and downloads a video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('styles → create_project → generate_video with progress → get_video → the MP4', async ({
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAgencyAccount('agent.journey@example.com')
    await grantCredits(user, 20)
    const { client } = await connectAgent(await createApiToken(user, 'agent'), cleanup)

    const { styles } = dataOf(await client.callTool({ name: 'list_styles', arguments: {} }))
    const { providers } = dataOf(await client.callTool({ name: 'list_voices', arguments: {} }))
    const created = await client.callTool({
      name: 'create_project',
      arguments: {
        script: SCRIPT,
        style: styles.find((style: { id: string }) => style.id === 'noir').id,
        voice: { id: providers[0].voices[0].id, provider: providers[0].id },
        aspect_ratio: '9:16',
        generation_mode: 'text-to-video',
      },
    })
    assert.isUndefined(created.isError, textOf(created))
    const project = dataOf(created)
    assert.lengthOf(project.scenes, 3)
    assert.equal(project.creditsNeeded, 15)
    assert.match(textOf(created), /costs 15 credits/)

    const progress: Progress[] = []
    const generated = await client.callTool(
      { name: 'generate_video', arguments: { id: project.id, wait: true } },
      undefined,
      { onprogress: (note) => progress.push(note), resetTimeoutOnProgress: true, timeout: 120_000 }
    )

    assert.isUndefined(generated.isError, textOf(generated))
    const answer = dataOf(generated)
    assert.equal(answer.status, 'done')
    assert.equal(answer.video.id, project.id)
    const messages = progress.map((note) => note.message)
    assert.equal(messages[0], 'queued')
    assert.includeMembers(
      messages.map((message) => message?.split(' ')[0]),
      ['queued', 'processing', 'rendering', 'done']
    )
    const values = progress.map((note) => note.progress)
    assert.deepEqual(
      values,
      [...new Set(values)].sort((a, b) => a - b),
      'strictly increasing'
    )
    assert.equal(values.at(-1), 100)
    assert.isTrue(progress.every((note) => note.total === 100))

    const video = dataOf(
      await client.callTool({ name: 'get_video', arguments: { id: project.id } })
    )
    assert.equal(video.status, 'done')
    assert.equal(video.duration, 15)
    const url = new URL(video.outputVideoUrl, mcpUrl())
    const download = await fetch(url)
    assert.equal(download.status, 200)
    const dir = await mkdtemp(join(tmpdir(), 'reelforge-mcp-'))
    cleanup(() => rm(dir, { recursive: true, force: true }))
    const file = join(dir, 'video.mp4')
    await writeFile(file, Buffer.from(await download.arrayBuffer()))
    const info = await probe(file)
    // Its 15 paid seconds; the last scene's sixteen words may hold it a little longer, never cut.
    assert.isAtLeast(info.durationSeconds, 14.95)
    assert.isAtMost(info.durationSeconds, 17)
    assert.lengthOf(
      info.streams.filter((stream) => stream.codecType === 'video'),
      1
    )
    assert.lengthOf(
      info.streams.filter((stream) => stream.codecType === 'audio'),
      1
    )

    const balance = dataOf(await client.callTool({ name: 'get_balance', arguments: {} }))
    assert.deepEqual(balance, { credits: 15, plan: 'agency' })
  }).timeout(180_000)

  test('a render that fails or is cancelled while generate_video waits is its error', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('agent.ended@example.com')
    const failing = await createProject(user, 1)
    const cancelled = await createProject(user, 1)
    const { client } = await connectAgent(await createApiToken(user, 'agent'), cleanup)
    const queued = (id: number) => async () => {
      const row = await db.from('projects').where('id', id).first()
      return row.status === 'queued'
    }

    const failure = client.callTool({
      name: 'generate_video',
      arguments: { id: failing.id, wait: true },
    })
    await until(queued(failing.id), 10_000, 'the first render queued')
    const lifecycle = await app.container.make(VideoLifecycle)
    await lifecycle.fail(failing.id, 1, 'Scene 1 could not be drawn.')
    const cancel = client.callTool({
      name: 'generate_video',
      arguments: { id: cancelled.id, wait: true },
    })
    await until(queued(cancelled.id), 10_000, 'the second render queued')
    const cancelling = await client.callTool({
      name: 'cancel_video',
      arguments: { id: cancelled.id },
    })

    const failed = await failure
    assert.isTrue(failed.isError)
    assert.match(
      textOf(failed),
      /^The render failed: Scene 1 could not be drawn\. The credits it cost were refunded\./
    )
    assert.isUndefined(cancelling.isError, textOf(cancelling))
    const stopped = await cancel
    assert.isTrue(stopped.isError)
    assert.equal(
      textOf(stopped),
      'The render was cancelled (cancel_video): the project is a draft again, with its last ' +
        'finished video, if any, unchanged.'
    )
    const balance = dataOf(await client.callTool({ name: 'get_balance', arguments: {} }))
    assert.equal(balance.credits, 10, 'both runs refunded')
  })
})
