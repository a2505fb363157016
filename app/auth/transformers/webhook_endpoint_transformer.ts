import { BaseTransformer } from '@adonisjs/core/transformers'
import type WebhookDelivery from '#auth/models/webhook_delivery'
import type { EndpointWithDeliveries } from '#auth/queries/owned_webhook_endpoints'

/** One line of an endpoint's delivery log: never the body or the secret. */
export function deliveryLogLine(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    /** The event's id, the `id` in the body a receiver dedupes on. */
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    /** The last answer's HTTP status; null when none came. */
    statusCode: delivery.statusCode,
    error: delivery.error,
    lastAttemptAt: delivery.lastAttemptAt?.toISO() ?? null,
    deliveredAt: delivery.deliveredAt?.toISO() ?? null,
    createdAt: delivery.createdAt.toISO()!,
  }
}

/** A webhook endpoint with its latest deliveries, as /profile and the API show it: never its secret. */
export default class WebhookEndpointTransformer extends BaseTransformer<EndpointWithDeliveries> {
  toObject() {
    const { endpoint, deliveries } = this.resource
    return {
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      createdAt: endpoint.createdAt.toISO()!,
      /** The latest deliveries, newest first (at most 10). */
      deliveries: deliveries.map(deliveryLogLine),
    }
  }
}
