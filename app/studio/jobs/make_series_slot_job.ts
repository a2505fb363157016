import { inject } from '@adonisjs/core'
import type { Job as BullJob } from 'bullmq'
import db from '@adonisjs/lucid/services/db'
import { Job } from '#core/queue/job'
import { MakeSeriesSlot, type MakeSeriesSlotResult } from '#studio/actions/make_series_slot'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { SERIES_SLOT_JOB, type SeriesSlotPayload } from '#studio/series/series_slot_job_kind'

/**
 * One fire of a series' schedule (docs/series.md): a job scheduler's fire
 * (its job id, `repeat:series-<id>:<time>`, is the fire's key) or, for
 * "now", one job per slot. A try cut short by a lost worker is run again
 * by BullMQ under the same job id and carries on with the slot it claimed;
 * the last failed try marks the slot failed, so it never waits forever.
 */
@inject()
export default class MakeSeriesSlotJob extends Job<SeriesSlotPayload, MakeSeriesSlotResult> {
  static jobName = SERIES_SLOT_JOB.jobName
  static queueName = SERIES_SLOT_JOB.queueName
  static options = SERIES_SLOT_JOB.options

  constructor(
    private makeSlot: MakeSeriesSlot,
    private schedules: SeriesSchedules
  ) {
    super()
  }

  /** As a worker starts: every active series' scheduler is upserted again, harmlessly. */
  async prepare() {
    await this.schedules.installAll()
  }

  async handle({ seriesId, slotId }: SeriesSlotPayload, job: BullJob) {
    const fireKey = String(job.id)
    try {
      return await this.makeSlot.handle(seriesId, fireKey, slotId)
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await db
          .from('series_slots')
          .where('series_id', seriesId)
          .where('fire_key', fireKey)
          .where('state', 'claimed')
          .update({ state: 'failed', error: String((error as Error).message).slice(0, 300) })
      }
      throw error
    }
  }
}
