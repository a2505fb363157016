import { inject } from '@adonisjs/core'
import type User from '#auth/models/user'
import { ApiAccess } from '#auth/contracts/api_access'
import { languageNamed } from '#shared/languages'
import { AiProviders } from '#media/providers/ai_providers'
import { ASPECT_RATIOS, ProviderError } from '#media/providers/contracts'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'
import VoiceProviderTransformer from '#media/transformers/voice_provider_transformer'
import { DEFAULT_AI_SCRIPT_SECONDS, SCRIPT_LENGTHS } from '#studio/limits'
import { OwnedBrands } from '#studio/queries/owned_brands'
import { SERIES_MESSAGES } from '#studio/series/series_answers'
import { STYLE_LIST, styleOrDefault } from '#studio/styles'
import BrandTransformer from '#studio/transformers/brand_transformer'
import StyleTransformer from '#studio/transformers/style_transformer'

/**
 * What /series' create form offers (docs/product.md, Series), painted with
 * the page: the choices /setup offers a video, the account's time zone, and
 * why no series can be made on a plan without API access (then nothing
 * else is looked up).
 */
@inject()
export class SeriesForm {
  constructor(
    private apiAccess: ApiAccess,
    private ai: AiProviders
  ) {}

  async choices(user: User) {
    const allowed = await this.apiAccess.allows(user.id)
    const language = languageNamed(user.language)
    const [voiceProviders, tracks, brands] = allowed
      ? await Promise.all([
          this.#voiceProviders(language.name),
          new ListMusicTracks().all(),
          new OwnedBrands(user.id).list(),
        ])
      : [null, [], []]
    return {
      /** Why the plan cannot make a series; null when it can. */
      locked: allowed ? null : SERIES_MESSAGES.planRequired,
      timeZone: user.timeZone,
      styles: StyleTransformer.transform(STYLE_LIST),
      voiceProviders,
      musicTracks: MusicTrackTransformer.transform(tracks),
      /** The kits the plan lets a new video use. */
      brands: BrandTransformer.transform(
        brands.filter((entry) => entry.choosable),
        new Map()
      ).useVariant('forSetup'),
      aspectRatios: [...ASPECT_RATIOS],
      scriptLengths: [...SCRIPT_LENGTHS],
      defaults: {
        style: styleOrDefault(user.defaultStyle),
        aspectRatio: '9:16',
        targetSeconds: DEFAULT_AI_SCRIPT_SECONDS,
        language: language.name,
      },
    }
  }

  /** A voice provider that cannot answer leaves the list empty-handed (null), not the page. */
  async #voiceProviders(language: string) {
    const providers = await this.ai.voiceCatalog.providers(language).catch((error: unknown) => {
      if (error instanceof ProviderError) return null
      throw error
    })
    return providers ? VoiceProviderTransformer.transform(providers) : null
  }
}
