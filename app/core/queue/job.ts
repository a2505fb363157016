import type { Job as BullJob, JobsOptions } from 'bullmq'

/**
 * A unit of background work. Subclasses are resolved through the container,
 * so they may inject services in their constructor.
 */
export abstract class Job<Payload = unknown, Result = unknown> {
  abstract handle(payload: Payload, job: BullJob<Payload, Result>): Promise<Result>

  /**
   * Readies what the first run would otherwise wait for (an engine to
   * load); the worker calls it once as it starts, without waiting for it.
   */
  async prepare(): Promise<void> {}
}

/**
 * The static side of a job: its name and queue travel with the class.
 */
export interface JobClass<Payload = any, Result = any> {
  new (...args: any[]): Job<Payload, Result>
  jobName: string
  queueName: string
  options?: JobsOptions
  /** Jobs of this queue run at once per worker; defaults to the queue config. */
  concurrency?: number
}

export type PayloadOf<J extends JobClass> = Parameters<InstanceType<J>['handle']>[0]
export type ResultOf<J extends JobClass> = Awaited<ReturnType<InstanceType<J>['handle']>>
