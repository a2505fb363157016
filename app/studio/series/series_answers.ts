import type { SeriesRefusal } from '#studio/actions/create_series'
import type { ChangeSeriesResult } from '#studio/actions/change_series'
import { TOO_MANY_REQUESTS_MESSAGE } from '#core/http/too_many_requests'

/** What the series' faces say (docs/series.md): the page, the API and the MCP tools alike. */
export const SERIES_MESSAGES = {
  planRequired:
    'Series come with API access, part of the Agency plan. Upgrade on /plans to use them.',
  created: 'Series created.',
  paused: 'Series paused. Nothing more is made until you resume it.',
  resumed: 'Series resumed.',
  skipped: 'The next topic is skipped.',
  topicsSaved: 'Topics saved.',
  deleted: 'Series deleted. Its videos stay in My Videos.',
  unknownVoice: 'Unknown voice.',
  unknownMusic: 'Unknown music track.',
  brandNotOffered: 'This brand kit is not part of your plan now.',
} as const

/** A refused create or change, as one sentence (the MCP tools' answer). */
export function seriesRefusalMessage(
  result: SeriesRefusal | Exclude<ChangeSeriesResult, { status: 'changed' }>
) {
  switch (result.status) {
    case 'plan_required':
      return SERIES_MESSAGES.planRequired
    case 'topics_refused':
      return result.errors.join(' ')
    case 'unknown_voice':
      return SERIES_MESSAGES.unknownVoice
    case 'unknown_music':
      return SERIES_MESSAGES.unknownMusic
    case 'brand_not_offered':
      return SERIES_MESSAGES.brandNotOffered
    case 'conflict':
      return result.message
    case 'too_many_requests':
      return TOO_MANY_REQUESTS_MESSAGE
  }
}
