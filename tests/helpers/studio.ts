import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import PrepareSceneClipJob from '#studio/jobs/prepare_scene_clip_job'
import RenderVideoJob from '#studio/jobs/render_video_job'
import NarrateVideoJob from '#studio/jobs/narrate_video_job'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { jobs } from '#start/jobs'
import aiConfig from '#config/ai'
import { AiProviders } from '#media/providers/ai_providers'
import { MediaStorage } from '#media/services/media_storage'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import { FAKE_FAL_KEY, startFakeFal, type FakeFalBehaviour } from '#tests/helpers/fakes/fake_fal'
import MusicTrack from '#media/models/music_track'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { ProjectFactory } from '#database/factories/project_factory'
import { numberedScenes } from '#database/factories/scene_factory'
import { STYLES } from '#studio/styles'
import { FAKE_ELEVENLABS_KEY, startFakeElevenLabs } from '#tests/helpers/fakes/fake_elevenlabs'
import { until } from '#tests/helpers/wait'

export function projectBody(overrides: Record<string, unknown> = {}) {
  return {
    script:
      'A lighthouse keeper climbs the spiral stairs at dawn and lights the great lamp for the ships.',
    style: 'noir',
    styleTemplate: 'ignored',
    music: null,
    voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
    aspect_ratio: '9:16',
    target_seconds: 30,
    generation_mode: 'text-to-video',
    source_image_url: null,
    status: 'draft',
    ...overrides,
  }
}

/**
 * A draft project of `owner` with `sceneCount` pending scenes, numbered in
 * storyboard order ("scene number 1"…): the factories, straight in the database.
 */
export function createProject(
  owner: User,
  sceneCount = 3,
  overrides: Partial<Pick<Project, 'aspectRatio' | 'generationMode'>> = {}
) {
  const project = ProjectFactory.merge({ userId: owner.id, ...overrides })
  if (sceneCount === 0) return project.create()
  return project
    .with('scenes', sceneCount, (scenes) => scenes.merge(numberedScenes(sceneCount)))
    .create()
}

export async function sceneOrders(projectId: number) {
  const scenes = await Scene.query().where('project_id', projectId).orderBy('order')
  return scenes.map((scene) => [
    scene.order,
    scene.prompt.includes('scene number')
      ? Number(scene.prompt.match(/scene number (\d+)/)![1])
      : scene.prompt,
  ])
}

export async function createTrack() {
  return MusicTrack.create({
    title: 'Test Bed',
    artist: null,
    mood: 'chill',
    duration: 40,
    fileName: 'test-bed.mp3',
    thumbnailUrl: null,
  })
}

/** Empties every queue the app's jobs use, so that nothing a group queued runs in a later one. */
export async function obliterateQueues() {
  const queues = await app.container.make(QueueService)
  for (const name of new Set(jobs.map((job) => job.queueName))) {
    await queues.queue(name).obliterate({ force: true })
  }
}

/**
 * A worker for the render pipeline, in this process, stopped after the test.
 * It starts on empty queues, unless `queued` keeps what the test queued before it.
 */
export async function startRenderWorker(
  cleanup: (fn: () => Promise<void>) => void,
  { queued = false } = {}
) {
  return startWorker(cleanup, RENDER_JOBS, queued ? [] : ['media', 'render'])
}

/** The jobs that make a video, from its stills to the MP4. */
export const RENDER_JOBS = [
  GenerateSceneStillJob,
  NarrateVideoJob,
  PrepareSceneClipJob,
  RenderVideoJob,
]

/** A worker in this process running `runs`, the queues named in `emptied` emptied first. */
export async function startWorker(
  cleanup: (fn: () => Promise<void>) => void,
  runs: ConstructorParameters<typeof QueueWorker>[3],
  emptied: string[]
) {
  const queues = await app.container.make(QueueService)
  for (const name of emptied) {
    await queues.queue(name).obliterate({ force: true })
  }
  const worker = new QueueWorker(queues, app.container.createResolver(), logger, runs)
  await worker.start()
  cleanup(() => worker.stop())
  return worker
}

export async function waitForStatus(
  projectId: number,
  statuses: string[],
  timeoutMs = 60_000
): Promise<Project> {
  let project = await Project.findOrFail(projectId)
  await until(
    async () => {
      project = await Project.findOrFail(projectId)
      return statuses.includes(project.status)
    },
    timeoutMs,
    () => `project ${projectId} (${project.status}) to be ${statuses.join('/')}`,
    150
  )
  return project
}

/**
 * Switches the app to the `fal` driver against a local fake of fal for one
 * test; `behaviour` sets how the image endpoint answers.
 */
export async function useFakeFal(
  cleanup: (fn: () => Promise<void>) => void,
  options: { behaviour?: FakeFalBehaviour; stillWidth?: number } = {}
) {
  const fal = await startFakeFal()
  if (options.behaviour) fal.setBehaviour('fal-ai/flux/schnell', options.behaviour)
  app.container.swap(
    AiProviders,
    () =>
      new AiProviders({
        ...aiConfig,
        driver: 'fal',
        fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.baseUrl, pollIntervalMs: 20 },
        stillWidth: options.stillWidth ?? aiConfig.stillWidth,
      })
  )
  cleanup(async () => {
    app.container.restore(AiProviders)
    await fal.close()
  })
  return fal
}

/**
 * Keys ElevenLabs for one test, against its local fake: its voices narrate
 * (the driver stays as configured).
 */
export async function useFakeElevenLabs(cleanup: (fn: () => Promise<void>) => void) {
  const elevenLabs = await startFakeElevenLabs()
  app.container.swap(
    AiProviders,
    () =>
      new AiProviders({
        ...aiConfig,
        elevenLabs: { apiKey: FAKE_ELEVENLABS_KEY, baseUrl: elevenLabs.baseUrl },
      })
  )
  cleanup(async () => {
    app.container.restore(AiProviders)
    await elevenLabs.close()
  })
  return elevenLabs
}

/** Generate Final Video, as the storyboard sends it. */
export function generateAll(client: ApiClient, user: User, projectId: number) {
  return client.post(`/api/projects/${projectId}/generate-all`).loginAs(user).withCsrfToken()
}

/** Cancel Processing, as the storyboard and the status page send it. */
export function cancelVideo(client: ApiClient, user: User, projectId: number) {
  return client.delete(`/api/projects/${projectId}/cancel`).loginAs(user).withCsrfToken()
}

/**
 * `count` videos of `owner` in one insert (some tests list a thousand, too
 * many for the factory's insert per row), a second apart and oldest first,
 * without scenes; `shape(index)` sets each one's prompt and status.
 */
export async function createVideos(
  owner: User,
  count: number,
  shape: (index: number) => { script?: string; status?: Project['status'] } = () => ({})
) {
  const start = Date.now() - count * 1000
  const rows = Array.from({ length: count }, (_, index) => {
    const at = new Date(start + index * 1000)
    const { script = `video number ${index}`, status = 'draft' } = shape(index)
    return {
      user_id: owner.id,
      script,
      style: 'cinematic',
      style_template: STYLES.cinematic.template,
      voice: JSON.stringify({ id: 'en-us', provider: 'espeak', speed: 1, language: 'english' }),
      aspect_ratio: '9:16',
      target_seconds: 30,
      generation_mode: 'text-to-video',
      status,
      progress_percent: status === 'done' ? 100 : 0,
      created_at: at,
      updated_at: at,
    }
  })
  const inserted: { id: number }[] = await db.table('projects').multiInsert(rows).returning('id')
  return inserted.map(({ id }) => id)
}

/** The bytes a signed URL of the API serves, as a browser's Download fetches them (no cookie). */
export async function served(url: string) {
  const address = new URL(url, `http://${env.get('HOST')}:${env.get('PORT')}`)
  const response = await fetch(address)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** A stored video copied to a scratch file, for ffprobe; `cleanup` removes it. */
export async function outputFile(key: string) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-test-'))
  const path = join(dir, 'video.mp4')
  await writeFile(path, await new MediaStorage().read(key))
  return { path, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
