import type { JobKind } from '#core/queue/queue_service'

/** What each fire of a series' schedule runs (MakeSeriesSlotJob), named apart from the class to keep imports one-way. */
export const SERIES_SLOT_JOB = {
  jobName: 'studio.make_series_slot',
  queueName: 'series',
  // A lost worker's slot is taken up again from where it stopped (docs/series.md, Idempotency).
  options: { attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
} satisfies JobKind

export type SeriesSlotPayload = { seriesId: number; slotId?: number }
