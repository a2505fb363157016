import FalRequest from '#media/models/fal_request'

export type FalWebhookDelivery = {
  requestId: string
  status: 'OK' | 'ERROR'
  payload?: unknown
  error?: string | null
}

export type SettleFalRequestResult = 'settled' | 'already_settled' | 'unknown_request'

/**
 * Settles the row of a fal request from its verified webhook: OK → completed,
 * ERROR → failed with fal's message. Only a pending row changes, so a
 * repeated delivery changes nothing; a request this app did not submit with
 * a webhook has no row and is left alone.
 */
export class SettleFalRequest {
  async handle(delivery: FalWebhookDelivery): Promise<SettleFalRequestResult> {
    const failed = delivery.status === 'ERROR'
    const settled = await FalRequest.query()
      .where('requestId', delivery.requestId)
      .where('status', 'pending')
      .returning('id')
      .update({
        status: failed ? 'failed' : 'completed',
        // Serialised here: the pg driver would send a top-level array as a Postgres array.
        payload:
          delivery.payload === undefined || delivery.payload === null
            ? null
            : JSON.stringify(delivery.payload),
        error: failed ? delivery.error || 'fal.ai reported an error' : null,
        updatedAt: new Date(),
      })
    if (settled.length > 0) {
      return 'settled'
    }
    const existing = await FalRequest.findBy('requestId', delivery.requestId)
    return existing ? 'already_settled' : 'unknown_request'
  }
}
