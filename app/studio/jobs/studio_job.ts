import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'
import { ProviderError } from '#media/providers/contracts'

function anythingButAVerdict(error: unknown) {
  return !(error instanceof ProviderError) || error.kind === 'transient'
}

/**
 * The exception the scene jobs make: a scene's own fault (a missing picture, a
 * file ffmpeg cannot read) fails alike on every try, so only a provider's
 * passing fault is tried again.
 */
export function passingProviderFaults(error: unknown) {
  return error instanceof ProviderError && error.kind === 'transient'
}

/**
 * The studio's jobs, with one failure and retry policy (docs/decisions.md,
 * Retries): a failed attempt is tried again, with the backoff its flow set,
 * while attempts are left and the error is worth another try; otherwise the
 * job records the failure where the creator sees it (`giveUp`) and stops
 * for good. A provider's verdict (quota, key, refused input) is never worth
 * another try: it would only be paid for again.
 */
export abstract class StudioJob<Payload, Result> extends Job<Payload, Result> {
  /** Whether an error is worth another attempt: by default anything but a provider's verdict. */
  protected retries: (error: unknown) => boolean = anythingButAVerdict

  /** Whether BullMQ tries again once `error` is rethrown: attempts are left and it is worth one. */
  protected willRetry(error: unknown, job: BullJob) {
    const attemptsLeft = job.attemptsMade + 1 < (job.opts.attempts ?? 1)
    return attemptsLeft && this.retries(error)
  }

  /** The last attempt failed: `record` says so to the creator, then no attempt follows. */
  protected async giveUp(error: unknown, record: (message: string) => Promise<unknown>) {
    const message = (error as Error).message
    await record(message)
    return new UnrecoverableError(message)
  }
}
