import { defineConfig } from '@adonisjs/shield'
import { isCsrfExempt } from '#start/modules'

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
    // CSRF guards cookie sessions only: each module names the requests it
    // exempts, signed webhooks and token calls (docs/decisions.md, Identity and access).
    exceptRoutes: isCsrfExempt,
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
