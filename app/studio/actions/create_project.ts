import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import type User from '#auth/models/user'
import { AiProviders } from '#media/providers/ai_providers'
import { FindMusicTrack } from '#media/queries/find_music_track'
import { OwnedPictures, type PictureRef } from '#media/queries/owned_pictures'
import { AttachPictures } from '#media/actions/attach_pictures'
import Project from '#studio/models/project'
import { SCENE_SECONDS } from '#studio/models/scene'
import { STYLES } from '#studio/styles'
import {
  pictureWordRange,
  speechUnits,
  splitIntoScenes,
  unitsPerScene,
} from '#studio/services/scene_splitter'
import { languageNamed } from '#shared/languages'
import { DEFAULT_TARGET_SECONDS } from '#studio/limits'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import { CreatorCaptions } from '#studio/queries/creator_captions'
import { OwnedBrands } from '#studio/queries/owned_brands'
import { chosenCaptions } from '#studio/actions/choose_captions'
import { NEW_VIDEO } from '#studio/render/video_lifecycle'
import { NEW_SCENE } from '#studio/render/scene_lifecycle'
import type { createProjectValidator } from '#studio/validators/project'

type Input = Infer<typeof createProjectValidator>

export type CreateProjectResult =
  | { status: 'created'; project: Project }
  | { status: 'unknown_voice' }
  | { status: 'unknown_music' }
  | { status: 'pictures_not_in_mode' }
  /** Not the user's pictures, or taken by another project already. */
  | { status: 'pictures_unavailable' }
  /** Image to Video: the script must fit the pictures' time, at least a word each. */
  | { status: 'script_too_short'; fewest: number }
  | { status: 'script_too_long'; most: number; unit: 'word' | 'character'; perPicture: number }
  /** A kit of the user's that the plan does not offer now (docs/product.md, Brand kits). */
  | { status: 'brand_not_offered' }

/**
 * A draft project with its script cut into 5-second scenes, all in one
 * transaction; in ai-images-to-video mode the scene stills are queued once
 * it has committed. In image-to-video each of the creator's pictures is a
 * scene, the script shared across them, and the pictures are taken for the
 * project in the same transaction (docs/product.md, Image to Video).
 */
@inject()
export class CreateProject {
  constructor(
    private ai: AiProviders,
    private queueStills: QueueSceneStills
  ) {}

  /**
   * `within` runs in the project's transaction once its rows are written:
   * what a caller records with the project commits with it, or neither does.
   */
  async handle(
    user: User,
    input: Input,
    within?: (project: Project, trx: TransactionClientContract) => Promise<void>
  ): Promise<CreateProjectResult> {
    let pictures: PictureRef[] | null = null
    if (input.generation_mode !== 'image-to-video' && input.picture_ids) {
      return { status: 'pictures_not_in_mode' }
    }
    if (input.generation_mode === 'image-to-video') {
      const ids = input.picture_ids ?? []
      pictures = await new OwnedPictures().find(user.id, ids)
      if (pictures.length !== ids.length || pictures.some((picture) => picture.attached)) {
        return { status: 'pictures_unavailable' }
      }
      const pace = languageNamed(input.voice.language)
      const { fewest, most } = pictureWordRange(pictures.length, pace)
      const words = speechUnits(input.script, pace)
      if (words < fewest) return { status: 'script_too_short', fewest }
      if (words > most) {
        const perPicture = Math.floor(unitsPerScene(pace))
        return { status: 'script_too_long', most, unit: pace.unit, perPicture }
      }
    }
    const voice = await this.#findVoice(input.voice.provider, input.voice.id)
    if (!voice) {
      return { status: 'unknown_voice' }
    }
    const music = input.music ? await new FindMusicTrack().byId(input.music.id) : null
    if (input.music && !music) {
      return { status: 'unknown_music' }
    }

    // Another user's kit is missing (404), as everywhere.
    const brand = input.brand_id ? await new OwnedBrands(user.id).entryOrFail(input.brand_id) : null
    if (brand && !brand.choosable) return { status: 'brand_not_offered' }

    const style = STYLES[input.style]
    // Left out, the captions are the kit's, else the creator's last choice.
    const captions = input.captions
      ? chosenCaptions(input.captions)
      : (brand?.brand.captions ?? (await new CreatorCaptions().of(user.id)))
    const texts = splitIntoScenes(
      input.script,
      pictures?.length,
      // Left out, the cut knows every language's clause words and keeps English's pace.
      input.voice.language ? languageNamed(input.voice.language) : undefined
    )
    const project = await db
      .transaction(async (trx) => {
        if (pictures && !(await new AttachPictures().handle(idsOf(pictures), trx))) {
          // Another project took one of them meanwhile: nothing of this one stays.
          throw new PicturesTaken()
        }
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
            brandId: brand?.brand.id ?? null,
            captions,
            captionsChosenAt: DateTime.now(),
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
            pictureId: pictures?.[index].id ?? null,
            ...NEW_SCENE,
          }))
        )
        if (within) await within(created, trx)
        return created
      })
      .catch((error) => {
        if (error instanceof PicturesTaken) return null
        throw error
      })
    if (!project) return { status: 'pictures_unavailable' }

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

class PicturesTaken extends Error {}

function idsOf(pictures: PictureRef[]) {
  return pictures.map((picture) => picture.id)
}
