import type { ApiOperation } from '#core/openapi/api_operations'

/** The auth module's /api routes, said once for the OpenAPI document and the MCP tools (app/core/openapi/api_operations.ts). */
export default {
  'auth.me.show': {
    summary: 'Get your profile',
    description:
      'The account the session or API token belongs to: email, username, plan, credits and ' +
      'the choices made at onboarding.',
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
} satisfies Record<string, ApiOperation>
