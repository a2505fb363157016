import { defineModule } from '#core/app_module'
import { isCookielessApiTokenRequest } from '#auth/services/api_token_requests'

export default defineModule({
  name: 'auth',
  routes: () => import('#auth/routes'),
  jobs: [
    () => import('#auth/jobs/deliver_webhook_job'),
    () => import('#auth/jobs/sweep_webhook_deliveries_job'),
  ],
  commands: [() => import('#auth/commands/auth_link')],
  // An agency API call with a token and no cookie is no browser's.
  csrfExempt: isCookielessApiTokenRequest,
})
