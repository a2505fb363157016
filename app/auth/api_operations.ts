import type { ApiOperation } from '#core/openapi/api_operations'

const ENDPOINT_ID = 'The webhook endpoint’s id, as listed by GET /api/webhook-endpoints.'
const WEBHOOKS =
  'Webhooks come with API access (Agency plan); other plans get 403. Each delivery is signed ' +
  'in the `Reelforge-Signature` header (README, Webhooks).'

/** The auth module's /api routes, said once for the OpenAPI document and the MCP tools (app/core/openapi/api_operations.ts). */
export default {
  'auth.me.show': {
    summary: 'Get your profile',
    description:
      'The account the session or API token belongs to: email, username, plan, credits and ' +
      'the choices made at onboarding.',
  },
  'auth.me.update': {
    summary: 'Set your time zone',
    description:
      'Your IANA time zone (such as Europe/Paris): new series run their schedules in it, ' +
      'daylight-saving changes included. An unknown name is refused with 422.',
  },
  'auth.users.store': {
    summary: 'Get your profile (first design’s route)',
    description:
      'Kept for clients of the first design: accounts are made at first sign-in, so this ' +
      'answers the caller’s own profile, as GET /api/me does, whatever the body says.',
  },
  'auth.user.show': {
    summary: 'Get your credit balance',
    description:
      'Your credits and plan. A credit is a second of video: a render charges its ' +
      '`creditsNeeded` and is refused when the balance is short.',
  },
  'auth.webhook_endpoints.index': {
    summary: 'List your webhook endpoints',
    description: `Your webhook endpoints, each with its 10 latest deliveries (status, HTTP status code, attempts, time). ${WEBHOOKS}`,
  },
  'auth.webhook_endpoints.show': {
    summary: 'Get a webhook endpoint',
    description: `One webhook endpoint with its 10 latest deliveries. ${WEBHOOKS}`,
    params: { id: ENDPOINT_ID },
  },
  'auth.webhook_endpoints.store': {
    summary: 'Add a webhook endpoint',
    description:
      'Where to POST the events you choose (video.completed, video.failed, series.paused, ' +
      'credits.low). Answers the endpoint and its signing secret (`whsec_…`), shown this once: ' +
      `keep it to verify each delivery. At most 10 endpoints (then 409). ${WEBHOOKS}`,
  },
  'auth.webhook_endpoints.update': {
    summary: 'Change a webhook endpoint',
    description: `Changes the address or the events of an endpoint; its secret stays. ${WEBHOOKS}`,
    params: { id: ENDPOINT_ID },
  },
  'auth.webhook_endpoints.destroy': {
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint and its delivery log; nothing more is sent to it.',
    params: { id: ENDPOINT_ID },
  },
  'auth.webhook_deliveries.resend': {
    summary: 'Resend a webhook delivery',
    description:
      'Sends a delivered or failed event to its endpoint again: the same event id and body, ' +
      `signed anew, with a fresh round of retries. 409 while it is still being tried. ${WEBHOOKS}`,
    params: { id: 'The delivery’s id, from an endpoint’s `deliveries`.' },
  },
} satisfies Record<string, ApiOperation>
