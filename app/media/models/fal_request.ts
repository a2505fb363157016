import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const FAL_REQUEST_STATUSES = ['pending', 'completed', 'failed'] as const
export type FalRequestStatus = (typeof FAL_REQUEST_STATUSES)[number]

/**
 * A fal queue request submitted with a webhook, while its worker waits: the
 * web process settles the row when fal's signed delivery arrives, and the
 * worker, told, fetches the result (or the error) from fal and removes it.
 */
export default class FalRequest extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** fal's id for the request (`request_id` of the submit answer and of the webhook). */
  @column()
  declare requestId: string

  /** The endpoint id, e.g. `fal-ai/flux/schnell`. */
  @column()
  declare endpoint: string

  @column()
  declare status: FalRequestStatus

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
