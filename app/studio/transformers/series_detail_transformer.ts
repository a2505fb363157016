import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SeriesDetail } from '#studio/queries/owned_series'
import { seriesFields } from '#studio/transformers/series_transformer'

/** One series with its slots (GET /api/series/:id, /series/:id). */
export default class SeriesDetailTransformer extends BaseTransformer<SeriesDetail> {
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
