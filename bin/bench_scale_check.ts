/*
|--------------------------------------------------------------------------
| After a bench:scale run: nothing lost, nothing done twice
|--------------------------------------------------------------------------
|
| Read from where a user's work ends up: the projects and scenes rows, the
| BullMQ jobs of their render runs, the credit ledger and the media files.
| Every video done once (its first run), every scene's job and every
| compose job completed, started again only if a killed worker was running
| it, one charge per video and no refund, and the media files exactly the
| ones the rows point at: none missing, none left over.
|
*/
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type pg from 'pg'
import type { Queue } from 'bullmq'

export type RunCheck = {
  ok: boolean
  lines: string[]
  /** Jobs started more than once: by the kill, or doubled. */
  restarted: string[]
  /** When the last job each worker (BullMQ's `processedBy`) finished ended, in ms. */
  lastFinished: Map<string, number>
}

type ProjectRow = {
  id: number
  status: string
  render_run: number
  charged_credits: number
  output_video_key: string | null
  thumb_key: string | null
}

type SceneRow = {
  id: number
  project_id: number
  status: string
  thumbnail_key: string | null
  clip_source_key: string | null
  video_key: string | null
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

export async function checkRun(input: {
  db: pg.Client
  queues: { media: Queue; render: Queue }
  storage: string
  userId: number
  projectIds: number[]
  /** Jobs the killed worker was running: they alone may have started twice. */
  interrupted: string[]
}): Promise<RunCheck> {
  const { db, queues, projectIds } = input
  const problems: string[] = []

  const { rows: projects } = await db.query<ProjectRow>(
    `select id, status, render_run, charged_credits, output_video_key, thumb_key
       from projects where id = any($1) order by id`,
    [projectIds]
  )
  const { rows: scenes } = await db.query<SceneRow>(
    `select id, project_id, status, thumbnail_key, clip_source_key, video_key
       from scenes where project_id = any($1) order by id`,
    [projectIds]
  )
  for (const project of projects) {
    if (project.status !== 'done' || project.render_run !== 1) {
      problems.push(`video ${project.id}: ${project.status} after run ${project.render_run}`)
    }
  }
  const notDone = scenes.filter((scene) => scene.status !== 'completed')
  if (notDone.length > 0) problems.push(`${notDone.length} scene(s) not completed`)

  const jobIds = [
    ...scenes.map((scene) => ({ queue: queues.media, id: `scene-${scene.id}-1` })),
    ...projects.map((project) => ({ queue: queues.render, id: `compose-${project.id}-1` })),
  ]
  let completed = 0
  let starts = 0
  const restarted: string[] = []
  const lastFinished = new Map<string, number>()
  for (const { queue, id } of jobIds) {
    const job = await queue.getJob(id)
    if (job?.processedBy && job.finishedOn) {
      const last = lastFinished.get(job.processedBy) ?? 0
      lastFinished.set(job.processedBy, Math.max(last, job.finishedOn))
    }
    const state = job ? await job.getState() : 'missing'
    if (state === 'completed') completed++
    else problems.push(`job ${id}: ${state}`)
    const started = job?.attemptsStarted ?? 0
    starts += started
    if (started > 1) restarted.push(id)
  }
  const doubled = restarted.filter((id) => !input.interrupted.includes(id))
  if (doubled.length > 0) problems.push(`started twice without a kill: ${doubled.join(', ')}`)

  const { rows: ledger } = await db.query<{ reference: string; reason: string; amount: number }>(
    `select reference, reason, amount from credit_ledger
       where user_id = $1 and reference = any($2)`,
    [input.userId, projectIds.map((id) => `project:${id}:run:1`)]
  )
  const charged = ledger.reduce((sum, row) => sum + row.amount, 0)
  const expected = projects.reduce((sum, project) => sum + project.charged_credits, 0)
  const charges = ledger.filter((row) => row.reason === 'video_charge').length
  const refunds = ledger.filter((row) => row.reason === 'refund').length
  if (charges !== projects.length || refunds > 0 || charged !== -expected) {
    problems.push(
      `ledger: ${charges} charges, ${refunds} refunds, Σ ${charged} (expected −${expected})`
    )
  }

  const pointedAt = new Set<string>()
  for (const key of [
    ...projects.flatMap((project) => [project.output_video_key, project.thumb_key]),
    ...scenes.flatMap((scene) => [scene.thumbnail_key, scene.clip_source_key, scene.video_key]),
  ]) {
    if (key) pointedAt.add(key)
  }
  const files = new Set<string>()
  for (const id of projectIds) {
    for (const path of await filesUnder(join(input.storage, 'projects', String(id)))) {
      files.add(relative(input.storage, path))
    }
  }
  const missing = [...pointedAt].filter((key) => !files.has(key))
  const leftOver = [...files].filter((key) => !pointedAt.has(key))
  if (missing.length > 0) problems.push(`missing media: ${missing.join(', ')}`)
  if (leftOver.length > 0) problems.push(`media no row points at: ${leftOver.join(', ')}`)

  const lines = [
    `videos   ${projects.filter((project) => project.status === 'done').length}/${projectIds.length} done, each on its first run`,
    `jobs     ${completed}/${jobIds.length} completed (${scenes.length} scenes, ${projects.length} compose), ` +
      `${starts} starts` +
      (restarted.length > 0 ? `: ${restarted.join(', ')} started again` : ''),
    `credits  ${charges} charges, ${refunds} refunds, Σ ${charged} (the videos cost ${expected})`,
    `media    ${files.size} files for ${pointedAt.size} keys in ${projects.length + scenes.length} rows: ` +
      `${missing.length} missing, ${leftOver.length} left over`,
    ...problems.map((problem) => `PROBLEM  ${problem}`),
  ]
  return { ok: problems.length === 0, lines, restarted, lastFinished }
}
