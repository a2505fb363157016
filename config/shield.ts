import { defineConfig } from '@adonisjs/shield'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'
import { STRIPE_WEBHOOK_PATH } from '#billing/services/stripe_webhooks'
import { isCookielessApiTokenRequest } from '#auth/services/api_token_requests'
import { isMcpRequest } from '#core/mcp/endpoint'

// Signed by the sender instead.
const WEBHOOK_PATHS = [FAL_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH]

const shieldConfig = defineConfig({
  // Set on every response by #core/middleware/security_headers_middleware: this one runs
  // on routed requests only, and after the CSRF check (a refusal would go without it).
  csp: {
    enabled: false,
    directives: {},
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    // Webhooks, agency API calls that carry a token and no cookie, and /mcp,
    // which takes a token only and never reads a cookie: CSRF guards cookie
    // sessions only (docs/decisions.md, Identity and access).
    exceptRoutes: (ctx) =>
      WEBHOOK_PATHS.includes(ctx.route?.pattern ?? '') ||
      isCookielessApiTokenRequest(ctx) ||
      isMcpRequest(ctx),
  },
  xFrame: {
    enabled: true,
    action: 'DENY',
  },
  hsts: {
    enabled: true,
    maxAge: '180 days',
  },
  contentTypeSniffing: {
    enabled: true,
  },
})

export default shieldConfig
