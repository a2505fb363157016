/** One stage of some work: when it began (ms after the work began) and how long it took. */
export type Stage = { stage: string; at: number; ms: number }

/**
 * Where a job's time goes, stage by stage, for the one log line the job
 * writes when it ends (docs/decisions.md, Render timings). Stages may
 * overlap: each says when it began, so a reader can tell what ran beside
 * what.
 */
export class StageTimings {
  readonly startedAt = Date.now()
  readonly stages: Stage[] = []

  async time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const at = Date.now()
    try {
      return await work()
    } finally {
      this.add(stage, at)
    }
  }

  /** A stage that began at `at` (epoch ms) and ends now. */
  add(stage: string, at: number) {
    this.stages.push({ stage, at: at - this.startedAt, ms: Date.now() - at })
  }
}
