import { inject } from '@adonisjs/core'
import { QueueService } from '#core/queue/queue_service'
import { SERIES_SLOT_JOB } from '#studio/series/series_slot_job_kind'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import seriesConfig from '#config/series'

/** Each series' one BullMQ job scheduler is named after it. */
export function schedulerIdOf(seriesId: number) {
  return `series-${seriesId}`
}

/**
 * A series' schedule as the queue keeps it (docs/series.md, Schedules):
 * daily and weekly ones are BullMQ job schedulers, a cron pattern in the
 * series' time zone (so daylight-saving changes move nothing), which live in
 * the queue store and outlive restarts; "now" queues one job per pending
 * slot at once. Installing again is harmless: an upsert, or jobs whose
 * slots are claimed once.
 */
@inject()
export class SeriesSchedules {
  constructor(private queues: QueueService) {}

  /** The job scheduler's repeat options; null for "now". */
  repeatOf(series: Series): { pattern: string; tz: string } | { every: number } | null {
    if (series.scheduleKind === 'now') return null
    if (seriesConfig.everyMs) return { every: seriesConfig.everyMs }
    const [hours, minutes] = (series.scheduleTime ?? '00:00').split(':').map(Number)
    // Cron counts Sunday as 0; ISO as 7.
    const days =
      series.scheduleKind === 'weekly'
        ? (series.scheduleWeekdays ?? []).map((day) => day % 7).join(',')
        : '*'
    return { pattern: `${minutes} ${hours} * * ${days}`, tz: series.timeZone }
  }

  /** Starts (or restarts) an active series' schedule. */
  async install(series: Series) {
    const repeat = this.repeatOf(series)
    if (repeat) {
      await this.queues.upsertScheduler(SERIES_SLOT_JOB, schedulerIdOf(series.id), repeat, {
        seriesId: series.id,
      })
      return
    }
    const pending = await SeriesSlot.query()
      .where('series_id', series.id)
      .where('state', 'pending')
      .orderBy('position')
      .select('id')
    // A fresh job id per install: a slot released by a pause is queued again on resume.
    const round = Date.now()
    await Promise.all(
      pending.map((slot) =>
        this.queues
          .queue(SERIES_SLOT_JOB.queueName)
          .add(
            SERIES_SLOT_JOB.jobName,
            { seriesId: series.id, slotId: slot.id },
            { ...SERIES_SLOT_JOB.options, jobId: `series-${series.id}-slot-${slot.id}-${round}` }
          )
      )
    )
  }

  /** Stops a series' schedule: its job scheduler and the fire waiting in it. */
  async remove(seriesId: number) {
    await this.queues.removeScheduler(SERIES_SLOT_JOB, schedulerIdOf(seriesId))
  }

  /** When the schedule fires next; null for "now" or a series that is not running. */
  async nextRun(series: Series): Promise<Date | null> {
    if (series.status !== 'active' || series.scheduleKind === 'now') return null
    const next = await this.queues.nextFireOf(SERIES_SLOT_JOB, schedulerIdOf(series.id))
    return next === null ? null : new Date(next)
  }

  /**
   * Upserts every active series' job scheduler, as a worker starts: a
   * scheduler lost with its queue store (or changed while no worker ran)
   * is back, and one already there is untouched.
   */
  async installAll() {
    const active = await Series.query()
      .where('status', 'active')
      .whereNot('schedule_kind', 'now')
      .orderBy('id')
    for (const series of active) await this.install(series)
  }
}
