import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool, idParam, orNull, refused } from '#core/mcp/tool'
import type { JsonSchema } from '#core/openapi/json_schema'
import { WEBHOOK_EVENT_TYPES } from '#core/webhooks/webhook_events'
import { SaveWebhookEndpoint } from '#auth/actions/save_webhook_endpoint'
import { ResendWebhookDelivery } from '#auth/actions/resend_webhook_delivery'
import { WEBHOOK_MESSAGES, webhookEndpointRefusalMessage } from '#auth/answers'
import { OwnedWebhookEndpoints } from '#auth/queries/owned_webhook_endpoints'
import WebhookEndpointTransformer, {
  deliveryLogLine,
} from '#auth/transformers/webhook_endpoint_transformer'
import {
  createWebhookEndpointValidator,
  updateWebhookEndpointValidator,
} from '#auth/validators/webhook_endpoint'

const FREE = 'Costs no credits.'
const EVENTS = `Events: ${WEBHOOK_EVENT_TYPES.join(', ')}.`

const deliverySchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    status: { type: 'string' },
    attempts: { type: 'integer' },
    statusCode: orNull({ type: 'integer' }),
    error: orNull({ type: 'string' }),
    lastAttemptAt: orNull({ type: 'string' }),
    deliveredAt: orNull({ type: 'string' }),
    createdAt: { type: 'string' },
  },
  required: ['id', 'eventId', 'eventType', 'status', 'attempts', 'createdAt'],
}

const endpointSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    events: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string' },
    deliveries: { type: 'array', items: deliverySchema },
  },
  required: ['id', 'url', 'events', 'createdAt', 'deliveries'],
}

function endpointLine(endpoint: { id: number; url: string; events: string[] }) {
  return `${endpoint.id}: ${endpoint.url} (${endpoint.events.join(', ')})`
}

/**
 * Webhook endpoints for agents, the faces of /api/webhook-endpoints (README,
 * Webhooks). /mcp admits only tokens whose plan has API access, the plans
 * webhooks come with.
 */
export default [
  defineTool({
    name: 'list_webhook_endpoints',
    operation: 'auth.webhook_endpoints.index',
    title: 'List your webhook endpoints',
    description:
      'Your webhook endpoints, oldest first: id, url, the events sent to it and its 10 latest ' +
      'deliveries (status, HTTP status code, attempts, time). Secrets are never shown again. ' +
      `${EVENTS} ${FREE}`,
    outputSchema: {
      type: 'object',
      properties: { endpoints: { type: 'array', items: endpointSchema } },
      required: ['endpoints'],
    },
    async handle({ user }) {
      const listed = await new OwnedWebhookEndpoints(user.id).list()
      const endpoints = await apiSerializer.serialize(WebhookEndpointTransformer.transform(listed))
      const summary = endpoints.length
        ? `Webhook endpoints: ${endpoints.map(endpointLine).join('; ')}.`
        : 'No webhook endpoints yet.'
      return answered({ endpoints }, summary)
    },
  }),

  defineTool({
    name: 'create_webhook_endpoint',
    operation: 'auth.webhook_endpoints.store',
    title: 'Add a webhook endpoint',
    description:
      'Adds an address (url, public http or https) that Reelforge POSTs the chosen events to ' +
      '(events, at least one), each signed with HMAC-SHA256 in the Reelforge-Signature header. ' +
      'Answers the endpoint and its signing secret (whsec_…), shown this once: keep it to ' +
      `verify deliveries. At most 10 endpoints. ${EVENTS} ${FREE}`,
    input: createWebhookEndpointValidator,
    outputSchema: {
      type: 'object',
      properties: { endpoint: endpointSchema, secret: { type: 'string' } },
      required: ['endpoint', 'secret'],
    },
    async handle({ user, args, container }) {
      const save = await container.make(SaveWebhookEndpoint)
      const result = await save.create(user.id, args)
      if (result.status !== 'created') return refused(webhookEndpointRefusalMessage(result))
      const entry = await new OwnedWebhookEndpoints(user.id).withDeliveries(result.endpoint)
      const endpoint = await apiSerializer.serialize(WebhookEndpointTransformer.transform(entry))
      return answered(
        { endpoint, secret: result.secret },
        `${WEBHOOK_MESSAGES.created} Endpoint ${endpointLine(endpoint)}.`
      )
    },
  }),

  defineTool({
    name: 'update_webhook_endpoint',
    operation: 'auth.webhook_endpoints.update',
    title: 'Change a webhook endpoint',
    description:
      'Changes an endpoint (id, from list_webhook_endpoints): its url, its events, or both; ' +
      `what is left out stays, and so does its signing secret. ${EVENTS} ${FREE}`,
    params: idParam,
    input: updateWebhookEndpointValidator,
    outputSchema: endpointSchema,
    async handle({ user, args, container }) {
      const { id, ...changes } = args
      const owned = new OwnedWebhookEndpoints(user.id)
      const save = await container.make(SaveWebhookEndpoint)
      const result = await save.update(await owned.findOrFail(id), changes)
      if (result.status !== 'saved') return refused(webhookEndpointRefusalMessage(result))
      const entry = await owned.withDeliveries(result.endpoint)
      const endpoint = await apiSerializer.serialize(WebhookEndpointTransformer.transform(entry))
      return answered(endpoint, `${WEBHOOK_MESSAGES.updated} ${endpointLine(endpoint)}.`)
    },
  }),

  defineTool({
    name: 'delete_webhook_endpoint',
    operation: 'auth.webhook_endpoints.destroy',
    title: 'Delete a webhook endpoint',
    description:
      'Deletes an endpoint (id, from list_webhook_endpoints) and its delivery log; nothing ' +
      `more is sent to it. ${FREE}`,
    params: idParam,
    outputSchema: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
    async handle({ user, args }) {
      const endpoint = await new OwnedWebhookEndpoints(user.id).findOrFail(args.id)
      await endpoint.delete()
      return answered({ message: WEBHOOK_MESSAGES.deleted }, WEBHOOK_MESSAGES.deleted)
    },
  }),

  defineTool({
    name: 'resend_webhook_delivery',
    operation: 'auth.webhook_deliveries.resend',
    title: 'Resend a webhook delivery',
    description:
      'Sends a delivered or failed event again (id, a delivery’s id from an endpoint’s ' +
      'deliveries): the same event id and body, signed anew, with a fresh round of retries. ' +
      `Refused while it is still being tried. ${FREE}`,
    params: idParam,
    outputSchema: deliverySchema,
    async handle({ user, args, container }) {
      const delivery = await new OwnedWebhookEndpoints(user.id).deliveryOrFail(args.id)
      const resend = await container.make(ResendWebhookDelivery)
      const result = await resend.handle(delivery)
      if (result.status === 'pending') return refused(WEBHOOK_MESSAGES.stillSending)
      return answered(
        deliveryLogLine(result.delivery),
        `${WEBHOOK_MESSAGES.resent} Delivery ${delivery.id} (${delivery.eventType}).`
      )
    },
  }),
]
