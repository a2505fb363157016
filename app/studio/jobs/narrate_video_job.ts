import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { Job as BullJob } from 'bullmq'
import { StudioJob } from '#studio/jobs/studio_job'
import { StageTimings } from '#core/stage_timings'
import { AiProviders } from '#media/providers/ai_providers'
import { mediaTools } from '#media/ffmpeg/tools'
import type { Speech, TimedWord } from '#media/providers/contracts'
import { narrateScenes } from '#media/render/scene_narration'
import { withJobWorkspace } from '#core/queue/job_workspace'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { sceneNarrations } from '#studio/styles'
import { RenderRun } from '#studio/render/render_run'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import { runVoiceKey } from '#studio/render/run_ids'

export type NarrateVideoPayload = { projectId: number; run: number }

/** A run's voice-over as the compose job reads it back: stored, with its word timings. */
export type StoredNarration = {
  voiceKey: string
  contentType: Speech['contentType']
  words: TimedWord[]
}

/** What the job answers its parent: the stored voice-over, or none when no scene has words. */
export type NarrateVideoResult = { narration: StoredNarration | null }

/**
 * The voice-over and its word timings, scene by scene (docs/product.md,
 * Voice-over): each scene's words are spoken by the chosen voice while that
 * scene is on screen. Null when no scene has words to say.
 */
export async function speakScenes(
  ai: AiProviders,
  project: Project,
  scenes: Scene[],
  workDir: string,
  signal?: AbortSignal
) {
  const { synthesizer, voiceId } = ai.narrator(project.voice)
  return narrateScenes({
    texts: sceneNarrations(project.styleTemplate, scenes),
    speak: (text, context) =>
      synthesizer.synthesize(text, voiceId, { speed: project.voice.speed, ...context }),
    workDir,
    tools: await mediaTools(),
    signal,
  })
}

/**
 * A child of the render flow beside the scene jobs: the voice-over is
 * spoken and stored while the scenes are made, so the compose job starts
 * its encodes at once (the captions follow the word timings it returns).
 * Transient provider faults retry with backoff; anything else fails the
 * run (refunded), as a failure to compose would.
 */
@inject()
export default class NarrateVideoJob extends StudioJob<
  NarrateVideoPayload,
  NarrateVideoResult | null
> {
  static jobName = 'studio.narrate_video'
  static queueName = 'media'

  constructor(
    private ai: AiProviders,
    private storage: MediaStorage,
    private video: VideoLifecycle
  ) {
    super()
  }

  /** The first video after a worker starts does not wait for the offline voice to load. */
  async prepare() {
    await this.ai.warmUpNarrators()
  }

  async handle({ projectId, run }: NarrateVideoPayload, job: BullJob) {
    const timings = new StageTimings()
    const renderRun = await RenderRun.load(projectId, run)
    if (!renderRun) return null
    try {
      const scenes = await Scene.query().where('project_id', projectId).orderBy('order')
      const speech = await timings.time('narration', () =>
        withJobWorkspace(job, (dir) => speakScenes(this.ai, renderRun.project, scenes, dir))
      )
      if (!speech) return { narration: null }
      const voiceKey = runVoiceKey(projectId, run)
      await timings.time('store', () =>
        this.storage.put(voiceKey, speech.audio, speech.contentType)
      )
      if (!(await renderRun.stillActive())) {
        // Cancelled meanwhile: no compose job will read it.
        await this.storage.delete(voiceKey)
        return null
      }
      return { narration: { voiceKey, contentType: speech.contentType, words: speech.words } }
    } catch (error) {
      if (!(await renderRun.stillActive())) return null
      if (this.willRetry(error, job)) throw error
      throw await this.giveUp(error, (message) =>
        this.video.fail(projectId, run, `Rendering failed: ${message}`)
      )
    } finally {
      logger.info({ projectId, run, stages: timings.stages }, 'narration stages')
    }
  }
}
