import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const FAL_REQUEST_STATUSES = ['pending', 'completed', 'failed'] as const
export type FalRequestStatus = (typeof FAL_REQUEST_STATUSES)[number]

/**
 * A fal queue request submitted with a webhook. The worker that submitted it
 * waits on this row; the web process settles it when fal's signed delivery
 * arrives.
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

  /** The webhook's payload: the output, or fal's error body. Kept for diagnosis only. */
  @column()
  declare payload: unknown

  /** fal's error message when the webhook said ERROR. */
  @column()
  declare error: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
