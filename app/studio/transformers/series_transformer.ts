import { BaseTransformer } from '@adonisjs/core/transformers'
import type Series from '#studio/models/series'
import type { SeriesSummary } from '#studio/queries/owned_series'
import type { SeriesTopics } from '#studio/actions/write_series_topics'

/** What every face of a series shows of it (the list, the detail). */
export function seriesFields(series: Series) {
  return {
    id: series.id,
    name: series.name,
    status: series.status,
    /** Why it paused itself (credits); null when running or paused by hand. */
    pauseReason: series.pauseReason ?? null,
    brandId: series.brandId ?? null,
    schedule: {
      kind: series.scheduleKind,
      time: series.scheduleTime ?? null,
      weekdays: series.scheduleWeekdays ?? null,
    },
    timeZone: series.timeZone,
    defaults: {
      style: series.defaults.style,
      voice: series.defaults.voice,
      music: series.defaults.music,
      aspectRatio: series.defaults.aspect_ratio,
      targetSeconds: series.defaults.target_seconds,
      generationMode: series.defaults.generation_mode,
    },
    createdAt: series.createdAt.toISO()!,
  }
}

/** A series in GET /api/series, /series and list_series. */
export default class SeriesTransformer extends BaseTransformer<SeriesSummary> {
  toObject() {
    const { series, made, waiting } = this.resource
    return { ...seriesFields(series), made, waiting }
  }
}

/** A series that paused itself, for the dashboard's banner (docs/series.md, Money). */
export class PausedSeriesTransformer extends BaseTransformer<Series> {
  toObject() {
    const series = this.resource
    return { id: series.id, name: series.name, reason: series.pauseReason ?? '' }
  }
}

/** Topics written for a series (POST /api/series/topics, suggest_series_topics). */
export class SeriesTopicsTransformer extends BaseTransformer<SeriesTopics> {
  toObject() {
    const { topics, language, note } = this.resource
    return {
      topics,
      /** The language they are written in. */
      language,
      /** Said when they are not in the language asked (offline topics come in English); else null. */
      note,
    }
  }
}
