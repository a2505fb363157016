import { DateTime } from 'luxon'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import Project from '#studio/models/project'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { type SeriesSchedules } from '#studio/series/series_schedules'
import { upcomingFires } from '#studio/series/upcoming_fires'

/** A series with its slots, each slot's video, and when the schedule fires next. */
export type SeriesDetail = {
  series: Series
  slots: { slot: SeriesSlot; project: Project | null; due: DateTime | null }[]
  nextRunAt: DateTime | null
}

/** A series in a list, with its counts. */
export type SeriesSummary = { series: Series; made: number; waiting: number }

/**
 * The one way to reach a user's series: scoped to their owner, so another
 * user's series id is simply missing (404 everywhere).
 */
export class OwnedSeries {
  constructor(private userId: number) {}

  async findOrFail(id: number) {
    const series = await Series.query().where('user_id', this.userId).where('id', id).first()
    if (!series) throw new MissingResourceException('series')
    return series
  }

  async list(): Promise<SeriesSummary[]> {
    const series = await Series.query().where('user_id', this.userId).orderBy('id', 'desc')
    if (series.length === 0) return []
    const counts: { series_id: number; made: string; waiting: string }[] = await SeriesSlot.query()
      .whereIn(
        'series_id',
        series.map((one) => one.id)
      )
      .groupBy('series_id')
      .select('series_id')
      .select(SeriesSlot.query().client.raw(`count(*) filter (where state = 'made') as made`))
      .select(
        SeriesSlot.query().client.raw(
          `count(*) filter (where state in ('pending', 'claimed')) as waiting`
        )
      )
      .pojo()
    const byId = new Map(counts.map((row) => [Number(row.series_id), row]))
    return series.map((one) => ({
      series: one,
      made: Number(byId.get(one.id)?.made ?? 0),
      waiting: Number(byId.get(one.id)?.waiting ?? 0),
    }))
  }

  /** Paused series of the account that stopped themselves: the dashboard's banner. */
  pausedWithReason() {
    return Series.query()
      .where('user_id', this.userId)
      .where('status', 'paused')
      .whereNotNull('pause_reason')
      .orderBy('id')
      .limit(5)
  }

  async detail(series: Series, schedules: SeriesSchedules): Promise<SeriesDetail> {
    const slots = await SeriesSlot.query().where('series_id', series.id).orderBy('position')
    const projectIds = slots.flatMap((slot) => (slot.projectId ? [slot.projectId] : []))
    const projects =
      projectIds.length > 0
        ? await Project.query().whereIn('id', projectIds).where('user_id', this.userId)
        : []
    const byId = new Map(projects.map((project) => [project.id, project]))
    const nextRun = await schedules.nextRun(series)
    const nextRunAt = nextRun ? DateTime.fromJSDate(nextRun) : null
    const waiting = slots.filter((slot) => slot.state === 'pending')
    const fires =
      series.status === 'active'
        ? upcomingFires(
            series,
            nextRunAt ? nextRunAt.minus({ seconds: 1 }) : DateTime.now(),
            waiting.length
          )
        : []
    const dueOf = new Map(waiting.map((slot, index) => [slot.id, fires[index] ?? null]))
    return {
      series,
      slots: slots.map((slot) => ({
        slot,
        project: slot.projectId ? (byId.get(slot.projectId) ?? null) : null,
        due: dueOf.get(slot.id) ?? null,
      })),
      nextRunAt,
    }
  }
}
