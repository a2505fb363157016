import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { WebhookEventType } from '#core/webhooks/webhook_events'

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

/**
 * One event for one endpoint, and how sending it went: the delivery log
 * /profile and the API show. Unique by event id per endpoint, so an event
 * is never logged twice there.
 */
export default class WebhookDelivery extends BaseModel {
  /** bigserial: PostgreSQL answers it as text; a log never nears 2^53 rows. */
  @column({ isPrimary: true, consume: (value: string | number) => Number(value) })
  declare id: number

  @column()
  declare endpointId: number

  @column()
  declare eventId: string

  @column()
  declare eventType: WebhookEventType

  /** The JSON body exactly as signed and sent. */
  @column()
  declare body: string

  @column()
  declare status: WebhookDeliveryStatus

  /** Tries so far, resends included. */
  @column()
  declare attempts: number

  /** The attempts count when this round of tries began: its job is `webhook-<id>-<round>`. */
  @column()
  declare round: number

  /** The last answer's HTTP status; null when no answer came. */
  @column()
  declare statusCode: number | null

  /** Why the last try got no answer, or why it was never sent. */
  @column()
  declare error: string | null

  @column.dateTime()
  declare lastAttemptAt: DateTime | null

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
