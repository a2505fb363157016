import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type User from '#auth/models/user'
import { AiProviders } from '#media/providers/ai_providers'
import { FindMusicTrack } from '#media/queries/find_music_track'
import Project from '#studio/models/project'
import { SCENE_SECONDS } from '#studio/models/scene'
import { STYLES } from '#studio/styles'
import { splitIntoScenes } from '#studio/services/scene_splitter'
import { DEFAULT_TARGET_SECONDS } from '#studio/limits'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import { NEW_VIDEO } from '#studio/render/video_lifecycle'
import { NEW_SCENE } from '#studio/render/scene_lifecycle'
import type { createProjectValidator } from '#studio/validators/project'

type Input = Infer<typeof createProjectValidator>

export type CreateProjectResult =
  | { status: 'created'; project: Project }
  | { status: 'unknown_voice' }
  | { status: 'unknown_music' }
  | { status: 'mode_unavailable' }

/**
 * A draft project with its script cut into 5-second scenes, all in one
 * transaction; in ai-images-to-video mode the scene stills are queued once
 * it has committed.
 */
@inject()
export class CreateProject {
  constructor(
    private ai: AiProviders,
    private queueStills: QueueSceneStills
  ) {}

  async handle(user: User, input: Input): Promise<CreateProjectResult> {
    if (input.generation_mode === 'image-to-video') {
      return { status: 'mode_unavailable' }
    }
    const voice = await this.#findVoice(input.voice.provider, input.voice.id)
    if (!voice) {
      return { status: 'unknown_voice' }
    }
    const music = input.music ? await new FindMusicTrack().byId(input.music.id) : null
    if (input.music && !music) {
      return { status: 'unknown_music' }
    }

    const style = STYLES[input.style]
    const texts = splitIntoScenes(input.script)
    const project = await db.transaction(async (trx) => {
      const created = await Project.create(
        {
          userId: user.id,
          script: input.script,
          style: style.id,
          styleTemplate: style.template,
          music: music
            ? { id: music.id, url: music.fileUrl, mode: 'track', mood: music.mood }
            : null,
          voice: {
            id: voice.id,
            provider: input.voice.provider,
            speed: input.voice.speed ?? 1,
            language: input.voice.language ?? 'english',
          },
          aspectRatio: input.aspect_ratio,
          targetSeconds: input.target_seconds ?? DEFAULT_TARGET_SECONDS,
          generationMode: input.generation_mode,
          sourceImageUrl: input.source_image_url ?? null,
          ...NEW_VIDEO,
        },
        { client: trx }
      )
      await created.related('scenes').createMany(
        texts.map((text, index) => ({
          // The creator's words; the style is applied when a provider is called.
          prompt: text,
          duration: SCENE_SECONDS,
          order: index + 1,
          ...NEW_SCENE,
        }))
      )
      return created
    })

    if (project.generationMode === 'ai-images-to-video') {
      await this.queueStills.forProject(project)
    }
    return { status: 'created', project }
  }

  async #findVoice(providerId: string, voiceId: string) {
    const providers = await this.ai.voiceCatalog.providers()
    return providers
      .find((provider) => provider.id === providerId)
      ?.voices.find((voice) => voice.id === voiceId)
  }
}
