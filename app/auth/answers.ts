import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEndpointRefusal,
} from '#auth/actions/save_webhook_endpoint'

/**
 * What the auth module's faces (/profile, its /api twin, its MCP tools) say
 * about webhook endpoints, written once.
 */
export const WEBHOOK_MESSAGES = {
  planRequired:
    'Webhooks come with API access, part of the Agency plan. Upgrade on /plans to use them.',
  created: 'Webhook endpoint added. Copy its signing secret now: it is shown only once.',
  updated: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted. No more events are sent to it.',
  resent: 'Delivery queued again.',
  stillSending:
    'This delivery is still being tried. Resend once it has been delivered or has failed.',
  tooMany: `You can have up to ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`,
} as const

/** Why an endpoint was not saved, in words: the address's problem, or the cap. */
export function webhookEndpointRefusalMessage(result: WebhookEndpointRefusal) {
  return result.status === 'address_refused' ? result.message : WEBHOOK_MESSAGES.tooMany
}
