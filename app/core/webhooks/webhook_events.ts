import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The events an API customer's webhook endpoint can ask for (README,
 * Webhooks). `series.paused` is published when a series stops itself
 * (docs/series.md, Money).
 */
export const WEBHOOK_EVENT_TYPES = [
  'video.completed',
  'video.failed',
  'series.paused',
  'credits.low',
] as const

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** A finished video, as a customer's own posting flow needs it. */
export type CompletedVideo = {
  id: number
  status: 'done'
  /** The video's page in the API, which always answers a fresh download URL. */
  url: string
  /** A signed download URL of the MP4, valid for two days. */
  downloadUrl: string
  thumbnailUrl: string | null
  durationSeconds: number
  resolution: string
  /** What to publish it with (docs/product.md, Ready to post); the customer's edit when there is one. */
  post: { title: string; description: string; hashtags: string[] }
}

/** A render that failed for good: its credits were refunded. */
export type FailedVideo = {
  id: number
  status: 'failed'
  url: string
  error: string
}

/** A series that stopped itself: why, and where to read it. */
export type PausedSeries = {
  id: number
  name: string
  status: 'paused'
  reason: string
  /** The series in the API. */
  url: string
}

/** What each event carries as its `data`. */
export type WebhookEventData = {
  'video.completed': { video: CompletedVideo }
  'video.failed': { video: FailedVideo }
  'series.paused': { series: PausedSeries }
  'credits.low': { credits: { balance: number; threshold: number } }
}

/**
 * Where the modules publish what happened to an account. The event is
 * written inside the caller's transaction, so it exists exactly when what
 * it reports was committed, and is sent after the commit. Bound at boot by
 * the module that owns the endpoints (auth), so the publishers (studio,
 * billing) never import it.
 */
export abstract class WebhookEvents {
  abstract publish<Type extends WebhookEventType>(
    userId: number,
    type: Type,
    data: WebhookEventData[Type],
    trx: TransactionClientContract
  ): Promise<void>
}
