import MakeSeriesSlotJob from '#studio/jobs/make_series_slot_job'
import { RENDER_JOBS, startWorker } from '#tests/helpers/studio'

/**
 * The series and render pipelines, in this process, on empty queues; a
 * second worker beside the first keeps them (`keepQueues`).
 */
export async function startSeriesWorker(
  cleanup: (fn: () => Promise<void>) => void,
  { keepQueues = false } = {}
) {
  await startWorker(
    cleanup,
    [MakeSeriesSlotJob, ...RENDER_JOBS],
    keepQueues ? [] : ['series', 'media', 'render']
  )
}
