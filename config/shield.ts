import { defineConfig } from '@adonisjs/shield'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'
import { STRIPE_WEBHOOK_PATH } from '#billing/services/stripe_webhooks'

const shieldConfig = defineConfig({
  csp: {
    enabled: false,
    directives: {},
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    // Signed by the sender instead.
    exceptRoutes: [FAL_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH],
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
