import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Plan extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare name: string

  @column()
  declare stripePriceId: string | null

  @column({ consume: (value: string) => Number(value) })
  declare price: number

  @column()
  declare interval: 'month' | 'year'

  @column()
  declare credits: number

  @column({ prepare: (value: string[]) => JSON.stringify(value) })
  declare features: string[]

  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
