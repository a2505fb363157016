import env from '#start/env'

/**
 * Series schedules (docs/series.md). `everyMs`, for tests only (refused in
 * production by start/env.ts), makes daily and weekly schedules fire every
 * that many milliseconds through the same BullMQ job scheduler.
 */
const seriesConfig: { everyMs: number | undefined } = {
  everyMs: env.get('SERIES_EVERY_MS'),
}

export default seriesConfig
