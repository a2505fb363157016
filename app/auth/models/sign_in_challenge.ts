import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * One emailed sign-in: a link token and a 6-digit code, both stored only as
 * hashes, single use, short-lived.
 */
export default class SignInChallenge extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare tokenHash: string

  @column({ serializeAs: null })
  declare codeHash: string

  @column()
  declare failedAttempts: number

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare consumedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
