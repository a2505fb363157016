import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { join } from 'node:path'
import { readFile, writeFile } from 'node:fs/promises'
import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'
import { withJobWorkspace } from '#core/queue/job_workspace'
import MusicTrack from '#media/models/music_track'
import { AiProviders } from '#media/providers/ai_providers'
import { compose } from '#media/render/composer'
import { synthesizeSpeech } from '#media/providers/local/espeak'
import { ESPEAK_PROVIDER_ID } from '#media/providers/local/local_voice_catalog'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { RenderRun } from '#studio/render/render_run'
import { renderSizeFor } from '#studio/render/render_settings'
import { SettleRender } from '#studio/actions/settle_render'
import { announceProjectChange } from '#studio/render/progress_relay'

export type ComposeVideoPayload = { projectId: number; run: number }

/**
 * The parent of a render flow, run once every scene clip exists: voice-over,
 * captions timed to it, music ducked under it, watermark on the free plan,
 * then the MP4 and its thumbnail are stored and the project is done.
 */
@inject()
export default class ComposeVideoJob extends Job<ComposeVideoPayload, { videoKey: string } | null> {
  static jobName = 'studio.compose_video'
  static queueName = 'render'
  static concurrency = 1

  constructor(
    private ai: AiProviders,
    private storage: MediaStorage,
    private settle: SettleRender
  ) {
    super()
  }

  async handle({ projectId, run }: ComposeVideoPayload, job: BullJob) {
    const renderRun = await RenderRun.load(projectId, run)
    if (!renderRun) return null
    await renderRun.advance('rendering', 66)
    await announceProjectChange(job, projectId)

    try {
      const output = await withJobWorkspace(job, (dir) => this.#compose(renderRun, dir, job))
      const updated = await db
        .from('projects')
        .where('id', projectId)
        .where('render_run', run)
        .where('status', 'rendering')
        .update({
          status: 'done',
          progress_percent: 100,
          output_video_key: output.videoKey,
          thumb_key: output.thumbKey,
          resolution: output.resolution,
          error: null,
          updated_at: new Date(),
        })
      if (Number(updated) === 0) {
        // Cancelled while composing: the video was never the user's.
        await this.storage.delete(output.videoKey)
        await this.storage.delete(output.thumbKey)
        return null
      }
      await announceProjectChange(job, projectId)
      return { videoKey: output.videoKey }
    } catch (error) {
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
        throw error
      }
      await this.settle.fail(projectId, run, `Rendering failed: ${(error as Error).message}`)
      await announceProjectChange(job, projectId)
      throw new UnrecoverableError((error as Error).message)
    }
  }

  /**
   * The voice-over with its word timings: ElevenLabs for its voices when
   * keyed, espeak-ng otherwise (its own voice, or a default one).
   */
  async #narrate(
    text: string,
    voice: { id: string; provider: string; speed: number },
    dir: string
  ) {
    if (voice.provider === 'elevenlabs' && this.ai.voiceSynthesizer) {
      const speech = await this.ai.voiceSynthesizer.synthesize(text, voice.id, {
        speed: voice.speed,
      })
      const wavPath = join(dir, 'voice.mp3')
      await writeFile(wavPath, speech.audio)
      return { wavPath, words: speech.words }
    }
    const voiceId = voice.provider === ESPEAK_PROVIDER_ID ? voice.id : 'en-us'
    const speech = await synthesizeSpeech(text, voiceId, { speed: voice.speed })
    const wavPath = join(dir, 'voice.wav')
    await writeFile(wavPath, speech.wav)
    return { wavPath, words: speech.words }
  }

  async #compose(renderRun: RenderRun, dir: string, job: BullJob) {
    const { project, run } = renderRun
    const { quality, watermark } = await renderRun.settings()
    const { width, height } = renderSizeFor(project.aspectRatio, quality)
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')

    const clips: string[] = []
    for (const scene of scenes) {
      if (!scene.videoKey) throw new Error(`Scene ${scene.order} has no clip`)
      const path = join(dir, `scene-${scene.order}.mp4`)
      await writeFile(path, await this.storage.read(scene.videoKey))
      clips.push(path)
    }
    await renderRun.advance('rendering', 72)
    await announceProjectChange(job, project.id)

    const voice = await this.#narrate(project.voiceOver, project.voice, dir)
    await renderRun.advance('rendering', 78)
    await announceProjectChange(job, project.id)

    let music: { path: string } | null = null
    if (project.music) {
      const track = await MusicTrack.find(project.music.id)
      if (track) {
        const path = join(dir, 'music.mp3')
        await writeFile(path, await this.storage.read(`music/${track.fileName}`))
        music = { path }
      }
    }

    const outputPath = join(dir, 'video.mp4')
    const thumbnailPath = join(dir, 'thumb.jpg')
    await compose({
      clips,
      voice,
      music,
      width,
      height,
      watermark,
      workDir: dir,
      outputPath,
      thumbnailPath,
    })
    await renderRun.advance('rendering', 95)
    await announceProjectChange(job, project.id)

    const videoKey = `projects/${project.id}/videos/run-${run}.mp4`
    const thumbKey = `projects/${project.id}/videos/run-${run}.jpg`
    await this.storage.put(videoKey, await readFile(outputPath), 'video/mp4')
    await this.storage.put(thumbKey, await readFile(thumbnailPath), 'image/jpeg')
    return { videoKey, thumbKey, resolution: `${width}x${height}` }
  }
}
