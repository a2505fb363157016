import { BaseTransformer } from '@adonisjs/core/transformers'
import type Series from '#studio/models/series'
import type { SeriesDetail, SeriesSummary } from '#studio/queries/owned_series'
import type { SeriesTopics } from '#studio/actions/write_series_topics'

function seriesFields(series: Series) {
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

/** One series with its slots (GET /api/series/:id, /series/:id). */
export class SeriesDetailTransformer extends BaseTransformer<SeriesDetail> {
  toObject() {
    const { series, slots, nextRunAt } = this.resource
    return {
      ...seriesFields(series),
      /** When the schedule fires next (ISO, in the series' time zone); null when it does not run. */
      nextRunAt: nextRunAt ? nextRunAt.setZone(series.timeZone).toISO() : null,
      slots: slots.map(({ slot, project, due }) => ({
        id: slot.id,
        position: slot.position,
        topic: slot.topic,
        hasScript: slot.script !== null,
        state: slot.state,
        error: slot.error ?? null,
        /** When a waiting topic is due, in the series' time zone; null for "now" or paused. */
        dueAt: due ? due.toISO() : null,
        madeAt: slot.madeAt ? slot.madeAt.toISO() : null,
        video: project
          ? {
              id: project.id,
              status: project.status,
              progress: project.progressPercent,
              /** Credits this video's render was charged. */
              credits: project.chargedCredits,
            }
          : null,
      })),
    }
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
