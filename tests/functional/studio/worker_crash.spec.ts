import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { QueueService } from '#core/queue/queue_service'
import { JOB_WORKSPACE_ROOT } from '#core/queue/job_workspace'
import User from '#auth/models/user'
import Scene from '#studio/models/scene'
import PrepareSceneClipJob from '#studio/jobs/prepare_scene_clip_job'
import { renderSceneJobId, sceneRunFolder } from '#studio/render/run_ids'
import { MediaStorage } from '#media/services/media_storage'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createProject, generateAll, waitForStatus } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

function startWorker(): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(process.execPath, ['ace.js', 'queue:work'], {
    cwd: app.makePath(),
    // Full-size renders, so the kill lands while a scene is being made.
    env: { ...process.env, NODE_ENV: 'test', RENDER_SCALE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  return { child, output: () => output }
}

test.group('Rendering: a worker killed mid-render', () => {
  test('the job runs again after restart, the video completes once, charged once, no scratch files left', async ({
    client,
    assert,
    cleanup,
  }) => {
    const queues = await app.container.make(QueueService)
    for (const name of ['media', 'render']) await queues.queue(name).obliterate({ force: true })
    const user = await createAccount('crash@example.com')
    cleanup(async () => {
      await User.query().where('id', user.id).delete()
    })
    await grantCredits(user, 5)
    const project = await createProject(user, 3)

    const first = startWorker()
    cleanup(() => {
      if (first.child.exitCode === null) first.child.kill('SIGKILL')
    })
    await until(() => first.output().includes('queue worker ready'), 30_000, 'worker 1')
    const response = await generateAll(client, user, project.id)
    response.assertStatus(202)

    await until(
      async () => {
        const busy = await Scene.query()
          .where('project_id', project.id)
          .where('status', 'processing')
        return busy.length > 0
      },
      30_000,
      'a scene in progress'
    )
    first.child.kill('SIGKILL')
    await once(first.child, 'exit')
    const killedPid = first.child.pid

    const second = startWorker()
    cleanup(async () => {
      if (second.child.exitCode === null) {
        second.child.kill('SIGTERM')
        await once(second.child, 'exit')
      }
    })
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)

    assert.equal(done.status, 'done', `${done.error}\n${second.output()}`)
    const charges = await db
      .from('credit_ledger')
      .where('user_id', user.id)
      .whereIn('reason', ['video_charge', 'refund'])
      .select('amount', 'reason')
    assert.deepEqual(charges, [{ amount: -15, reason: 'video_charge' }])
    const workspaces = await readdir(JOB_WORKSPACE_ROOT).catch(() => [])
    const leftovers = workspaces.filter((entry) => entry.startsWith(`pid${killedPid}-`))
    assert.deepEqual(leftovers, [])
  }).timeout(180_000)

  test('a scene made again after a crash leaves no file of the cut-off attempt behind', async ({
    assert,
    cleanup,
  }) => {
    const storage = await app.container.make(MediaStorage)
    const user = await createAccount('crash.leftovers@example.com')
    const project = await createProject(user, 1)
    cleanup(async () => {
      await storage.deletePrefix(`projects/${project.id}/`)
      await User.query().where('id', user.id).delete()
    })
    await project.merge({ status: 'processing', renderRun: 1 }).save()
    const [scene] = await Scene.query().where('project_id', project.id)
    // What an attempt killed between storing its clip source and recording it leaves behind.
    const cutOff = `${sceneRunFolder(project.id, scene.id, 1)}/clip-source-1.jpg`
    await storage.put(cutOff, Buffer.from('never recorded'), 'image/jpeg')

    const payload = { projectId: project.id, sceneId: scene.id, run: 1 }
    const job = await app.container.make(PrepareSceneClipJob)
    await job.handle(payload, {
      id: renderSceneJobId(scene.id, 1),
      queueName: 'media',
      data: payload,
      attemptsMade: 0,
      opts: { attempts: 3 },
    } as never)

    await scene.refresh()
    assert.equal(scene.status, 'completed')
    assert.sameMembers(await storage.listKeys(`projects/${project.id}`), [
      scene.thumbnailKey!,
      scene.clipSourceKey!,
    ])
  })
})
