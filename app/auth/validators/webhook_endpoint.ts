import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { described } from '#core/openapi/described'
import { WEBHOOK_EVENT_TYPES } from '#core/webhooks/webhook_events'

const messages = new SimpleMessagesProvider({
  'url.required': 'Enter the address to send events to.',
  'url.url': 'Enter an http or https address, such as https://example.com/reelforge-hooks.',
  'url.maxLength': 'Endpoint addresses are limited to 2,048 characters.',
  'events.required': 'Choose at least one event to send.',
  'events.array': 'Choose at least one event to send.',
  'events.minLength': 'Choose at least one event to send.',
  'events.distinct': 'Each event is listed once.',
  'events.*.in': `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
})

const URL_FIELD =
  'Where events are POSTed: an http or https address on the public internet (private, local ' +
  'and cloud metadata addresses are refused), up to 2,048 characters.'
const EVENTS_FIELD = `The events to send, at least one: ${WEBHOOK_EVENT_TYPES.join(', ')}.`

const url = () =>
  vine
    .string()
    .trim()
    .maxLength(2048)
    .url({ require_protocol: true, protocols: ['http', 'https'] })
const events = () => vine.array(vine.enum(WEBHOOK_EVENT_TYPES)).minLength(1).distinct()

/** A new webhook endpoint, on /profile or through the API. */
export const createWebhookEndpointValidator = vine.create({
  url: described(url(), URL_FIELD),
  events: described(events(), EVENTS_FIELD),
})
createWebhookEndpointValidator.messagesProvider = messages

/** An endpoint's address or events changed; its secret stays. */
export const updateWebhookEndpointValidator = vine.create({
  url: described(url().optional(), `${URL_FIELD} Left out: unchanged.`),
  events: described(events().optional(), `${EVENTS_FIELD} Left out: unchanged.`),
})
updateWebhookEndpointValidator.messagesProvider = messages
