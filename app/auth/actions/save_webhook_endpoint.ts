import { inject } from '@adonisjs/core'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { WebhookEventType } from '#core/webhooks/webhook_events'
import { endpointUrlRefusal } from '#core/webhooks/webhook_sender'
import WebhookEndpoint from '#auth/models/webhook_endpoint'

/** How many endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10

export type WebhookEndpointInput = { url: string; events: WebhookEventType[] }

export type WebhookEndpointRefusal =
  { status: 'address_refused'; message: string } | { status: 'too_many' }

export type CreateWebhookEndpointResult =
  { status: 'created'; endpoint: WebhookEndpoint; secret: string } | WebhookEndpointRefusal

export type UpdateWebhookEndpointResult =
  | { status: 'saved'; endpoint: WebhookEndpoint }
  | Extract<WebhookEndpointRefusal, { status: 'address_refused' }>

/**
 * Creates or changes an API customer's webhook endpoint. The caller has
 * checked the plan includes the API. An address that can never be sent to
 * (not http(s), credentials in it, a literal private or reserved IP) is
 * refused here; a name is judged at every connection (README, Webhooks).
 * A new endpoint's secret exists in clear only in the result.
 */
@inject()
export class SaveWebhookEndpoint {
  async create(userId: number, input: WebhookEndpointInput): Promise<CreateWebhookEndpointResult> {
    const refusal = endpointUrlRefusal(input.url)
    if (refusal) return { status: 'address_refused', message: refusal }
    const secret = `whsec_${randomBytes(24).toString('base64url')}`
    return db.transaction(async (trx) => {
      // The account's row stays locked while its endpoints are counted: parallel creations queue.
      await trx.from('users').where('id', userId).forUpdate().first()
      const counted = await trx.from('webhook_endpoints').where('user_id', userId).count('* as n')
      if (Number(counted[0].n) >= MAX_WEBHOOK_ENDPOINTS) return { status: 'too_many' as const }
      const endpoint = await WebhookEndpoint.create(
        {
          userId,
          url: input.url,
          events: input.events,
          secretEncrypted: WebhookEndpoint.encryptSecret(secret),
        },
        { client: trx }
      )
      return { status: 'created' as const, endpoint, secret }
    })
  }

  async update(
    endpoint: WebhookEndpoint,
    input: Partial<WebhookEndpointInput>
  ): Promise<UpdateWebhookEndpointResult> {
    if (input.url !== undefined) {
      const refusal = endpointUrlRefusal(input.url)
      if (refusal) return { status: 'address_refused', message: refusal }
    }
    await endpoint.merge(input).save()
    return { status: 'saved', endpoint }
  }
}
