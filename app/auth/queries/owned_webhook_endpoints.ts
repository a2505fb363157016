import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import WebhookEndpoint from '#auth/models/webhook_endpoint'
import WebhookDelivery from '#auth/models/webhook_delivery'

/** How many of an endpoint's latest deliveries its log shows. */
export const RECENT_DELIVERIES = 10

export type EndpointWithDeliveries = { endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] }

/**
 * The one way to reach a user's webhook endpoints and their deliveries:
 * scoped to their owner, so another user's id is simply missing (404
 * everywhere).
 */
export class OwnedWebhookEndpoints {
  constructor(private userId: number) {}

  async findOrFail(id: number) {
    const endpoint = await WebhookEndpoint.query()
      .where('user_id', this.userId)
      .where('id', id)
      .first()
    if (!endpoint) throw new MissingResourceException('webhook endpoint')
    return endpoint
  }

  async deliveryOrFail(id: number) {
    const delivery = await WebhookDelivery.query()
      .where('id', id)
      .whereIn('endpoint_id', WebhookEndpoint.query().where('user_id', this.userId).select('id'))
      .first()
    if (!delivery) throw new MissingResourceException('webhook delivery')
    return delivery
  }

  /** The user's endpoints, oldest first, each with its latest deliveries, newest first. */
  async list(): Promise<EndpointWithDeliveries[]> {
    const endpoints = await WebhookEndpoint.query().where('user_id', this.userId).orderBy('id')
    return Promise.all(endpoints.map((endpoint) => this.withDeliveries(endpoint)))
  }

  async withDeliveries(endpoint: WebhookEndpoint): Promise<EndpointWithDeliveries> {
    const deliveries = await WebhookDelivery.query()
      .where('endpoint_id', endpoint.id)
      .orderBy('id', 'desc')
      .limit(RECENT_DELIVERIES)
    return { endpoint, deliveries }
  }
}
