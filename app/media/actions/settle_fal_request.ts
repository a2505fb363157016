import FalRequest from '#media/models/fal_request'

export type FalWebhookDelivery = { requestId: string; status: 'OK' | 'ERROR' }

export type SettleFalRequestResult = 'settled' | 'already_settled' | 'unknown_request'

/**
 * Settles the row of a fal request from its verified webhook: OK → completed,
 * ERROR → failed. The waiting worker then asks fal for the result, which
 * carries the output or the error. Only a pending row changes, so a
 * repeated delivery changes nothing; a request no worker waits on has no
 * row and is left alone.
 */
export class SettleFalRequest {
  async handle(delivery: FalWebhookDelivery): Promise<SettleFalRequestResult> {
    const settled = await FalRequest.query()
      .where('requestId', delivery.requestId)
      .where('status', 'pending')
      .returning('id')
      .update({
        status: delivery.status === 'ERROR' ? 'failed' : 'completed',
        updatedAt: new Date(),
      })
    if (settled.length > 0) {
      return 'settled'
    }
    const existing = await FalRequest.findBy('requestId', delivery.requestId)
    return existing ? 'already_settled' : 'unknown_request'
  }
}
