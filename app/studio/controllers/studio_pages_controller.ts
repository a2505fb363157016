import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { STYLE_IDS } from '#core/vocabulary'
import { isDatabaseId } from '#core/database_id'
import type User from '#auth/models/user'
import { AiProviders } from '#media/providers/ai_providers'
import { ASPECT_RATIOS, ProviderError } from '#media/providers/contracts'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'
import LanguageTransformer from '#core/transformers/language_transformer'
import { LANGUAGES, LANGUAGE_CATALOGUE, languageNamed } from '#shared/languages'
import VoiceProviderTransformer from '#media/transformers/voice_provider_transformer'
import { STYLE_LIST, styleOrDefault } from '#studio/styles'
import StyleTransformer from '#studio/transformers/style_transformer'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { OwnedBrands } from '#studio/queries/owned_brands'
import { BrandViews } from '#studio/services/brand_views'
import BrandTransformer from '#studio/transformers/brand_transformer'
import { saveBrandRefusal } from '#studio/answers'
import { stillsProgress } from '#studio/queries/stills_progress'
import { CreatorCaptions } from '#studio/queries/creator_captions'
import { captionCatalogue } from '#studio/services/caption_catalogue'
import { apiCaptions } from '#studio/transformers/project_transformer'
import { DEFAULT_AI_SCRIPT_SECONDS, DEFAULT_TARGET_SECONDS, SCRIPT_LENGTHS } from '#studio/limits'

/**
 * A prefilled /setup's query (/create?prompt&style&duration), checked field by field: one unusable value (say an odd
 * duration) must not throw away the others; ?language is the video's language the picker chose.
 */
const duplicateFields = {
  prompt: vine.create(vine.string().maxLength(10_000)),
  style: vine.create(vine.enum(STYLE_IDS)),
  duration: vine.create(vine.number().in([...SCRIPT_LENGTHS])),
  language: vine.create(vine.enum(LANGUAGES)),
}

@inject()
export default class StudioPagesController {
  constructor(private ai: AiProviders) {}

  /**
   * /setup, with the voices and music tracks of /api/voice-providers and
   * /api/music-tracks (computed only when asked for, so the stills' poll
   * reloads `stills` alone); a link may prefill it with
   * ?prompt&style&duration (and ?captions_from=<videoId>, that video's
   * captions), an AI-images project drawing its stills with
   * ?stills=<projectId>; the brand kits the plan lets a new video use; the
   * languages a video may be narrated in, the profile's chosen unless
   * ?language= (the picker's choice, which reloads the voices that speak it).
   */
  async setup({ auth, inertia, request }: HttpContext) {
    const query = request.qs()
    const [, prompt] = await duplicateFields.prompt.tryValidate(query.prompt)
    const [, style] = await duplicateFields.style.tryValidate(query.style)
    const [, duration] = await duplicateFields.duration.tryValidate(query.duration)
    const [, chosenLanguage] = await duplicateFields.language.tryValidate(query.language)
    const user = auth.getUserOrFail()
    const language = languageNamed(chosenLanguage ?? user.language)
    return inertia.render('studio/setup', {
      voiceProviders: () => this.#voiceProviders(language.name),
      /** Each language's pace for the estimate, its offline voice's and AI writer's caveats. */
      languages: LanguageTransformer.transform([...LANGUAGE_CATALOGUE], (name) =>
        this.ai.scriptWriter.writes(name)
      ).useVariant('forSetup'),
      musicTracks: async () => MusicTrackTransformer.transform(await new ListMusicTracks().all()),
      stills: () => this.#stills(user, query.stills),
      brands: () => this.#choosableBrands(user),
      styles: StyleTransformer.transform(STYLE_LIST),
      captionChoices: await captionCatalogue(),
      scriptLengths: [...SCRIPT_LENGTHS],
      defaults: {
        style: styleOrDefault(user.defaultStyle),
        aspectRatio: '9:16',
        targetSeconds: DEFAULT_TARGET_SECONDS,
        aiScriptSeconds: DEFAULT_AI_SCRIPT_SECONDS,
        mood: 'chill',
        language: language.name,
        captions: apiCaptions(await this.#captions(user, query.captions_from)),
      },
      prefill: {
        prompt: prompt ?? null,
        style: style ?? null,
        duration: duration ?? null,
      },
    })
  }

  /**
   * /brands (docs/product.md, Brand kits): the user's kits and what a kit
   * can choose from, and why no new kit can be made when the plan is full.
   */
  @inject()
  async brands({ auth, inertia }: HttpContext, views: BrandViews) {
    const { brands, count, limit } = await views.list(auth.getUserOrFail().id)
    return inertia.render('studio/brands', {
      brands,
      full: count >= limit ? saveBrandRefusal({ status: 'brand_limit', limit }).message : null,
      styles: StyleTransformer.transform(STYLE_LIST),
      aspectRatios: [...ASPECT_RATIOS],
      captionChoices: await captionCatalogue(),
      voiceProviders: await this.#voiceProviders(),
      musicTracks: MusicTrackTransformer.transform(await new ListMusicTracks().all()),
    })
  }

  /** The kits /setup offers: those the plan lets a new video use, with what each fills in. */
  async #choosableBrands(user: User) {
    const entries = await new OwnedBrands(user.id).list()
    const choosable = entries.filter((entry) => entry.choosable)
    return BrandTransformer.transform(choosable, new Map()).useVariant('forSetup')
  }

  /** Duplicate's video's captions when it is the user's, else the user's last choice. */
  async #captions(user: User, from: unknown) {
    if (typeof from === 'string' && isDatabaseId(from)) {
      const owned = new OwnedProjects(user)
      if (await owned.owns(Number(from))) {
        const project = await owned.findOrFail(Number(from))
        return project.captions
      }
    }
    return new CreatorCaptions().of(user.id)
  }

  /** A voice provider that cannot answer leaves the list empty-handed (null), not the page. */
  async #voiceProviders(language?: string) {
    const providers = await this.ai.voiceCatalog.providers(language).catch((error: unknown) => {
      if (error instanceof ProviderError) return null
      throw error
    })
    return providers ? VoiceProviderTransformer.transform(providers) : null
  }

  /** How far the stills of a project made on /setup are: drawn, or failed for good. */
  async #stills(user: User, id: unknown) {
    if (typeof id !== 'string' || !isDatabaseId(id)) return null
    if (!(await new OwnedProjects(user).owns(Number(id)))) return null
    return stillsProgress(Number(id))
  }
}
