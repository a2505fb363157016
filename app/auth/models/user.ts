import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { ApiTokenStore } from '#auth/services/api_token_store'

export default class User extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column()
  declare username: string | null

  @column()
  declare niche: string | null

  @column()
  declare language: string

  @column()
  declare defaultStyle: string

  /** An IANA time zone name: where the account's series run their schedules (docs/series.md). */
  @column()
  declare timeZone: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Personal access tokens of the agency API: `rf_…`, shown once, kept hashed. */
  static accessTokens = new ApiTokenStore({
    tokenableModel: User,
    table: 'auth_access_tokens',
    type: 'api_token',
    prefix: 'rf_',
  })

  static normalizeEmail(email: string) {
    return email.trim().toLowerCase()
  }
}
