import env from '#start/env'

/**
 * How a webhook delivery is retried through the queue (README, Webhooks;
 * docs/decisions.md, Webhooks): 11 tries with exponential backoff from 85 s
 * (85 s, 170 s, … 12 h), the last about 24 hours after the first, then the
 * delivery is marked failed. Tests shorten both (.env.test).
 */
const webhooksConfig = {
  attempts: env.get('WEBHOOK_ATTEMPTS', 11),
  backoffMs: env.get('WEBHOOK_BACKOFF_MS', 85_000),
  /**
   * The sweep that queues again a pending delivery left without its job by a
   * crash between commit and queueing: how often it runs, and how old a
   * delivery must be to be looked at (younger ones are still being queued).
   */
  sweepEveryMs: 5 * 60_000,
  sweepAfterMs: 2 * 60_000,
}

export default webhooksConfig
