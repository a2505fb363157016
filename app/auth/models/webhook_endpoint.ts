import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import encryption from '@adonisjs/core/services/encryption'
import type { WebhookEventType } from '#core/webhooks/webhook_events'

/** What the secret is encrypted for: a cypher text taken from elsewhere does not decrypt here. */
const SECRET_PURPOSE = 'webhook-endpoint-secret'

/**
 * An API customer's webhook endpoint (README, Webhooks): where events are
 * POSTed, which ones, and the secret they are signed with, kept encrypted
 * with the app's key and shown to its owner once, at creation.
 */
export default class WebhookEndpoint extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare url: string

  @column()
  declare events: WebhookEventType[]

  @column({ serializeAs: null })
  declare secretEncrypted: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  static encryptSecret(secret: string) {
    return encryption.encrypt(secret, { purpose: SECRET_PURPOSE })
  }

  /** The signing secret, for the delivery job only. */
  secret() {
    const secret = encryption.decrypt<string>(this.secretEncrypted, SECRET_PURPOSE)
    if (typeof secret !== 'string')
      throw new Error(`Webhook endpoint ${this.id}: secret unreadable`)
    return secret
  }
}
