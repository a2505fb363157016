/*
|--------------------------------------------------------------------------
| auth routes
|--------------------------------------------------------------------------
|
| Sign-in pages and API, sessions, onboarding profile, /profile, /api/me.
|
*/
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { SIGN_IN_CALLBACK_PATH } from '#auth/services/sign_in_link'
import { databaseIdParam } from '#core/database_id'
import { pageAndApi } from '#core/http/page_and_api'
import { mcpTools } from '#core/mcp/tool_registry'
import { apiOperations } from '#core/openapi/api_operations'

const SignInPagesController = () => import('#auth/controllers/sign_in_pages_controller')
const MagicLinksController = () => import('#auth/controllers/magic_links_controller')
const SignInVerificationsController = () =>
  import('#auth/controllers/sign_in_verifications_controller')
const SessionsController = () => import('#auth/controllers/sessions_controller')
const MeController = () => import('#auth/controllers/me_controller')
const CaptchaController = () => import('#auth/controllers/captcha_controller')
const ProfileController = () => import('#auth/controllers/profile_controller')
const ApiTokensController = () => import('#auth/controllers/api_tokens_controller')
const WebhookEndpointsController = () => import('#auth/controllers/webhook_endpoints_controller')
const DevMailboxController = () => import('#auth/controllers/dev_mailbox_controller')

router
  .group(() => {
    router.get('/auth', [SignInPagesController, 'signIn']).as('auth.sign_in.show')
    router.get('/test-auth', [SignInPagesController, 'testAuth']).as('auth.test_auth.show')
  })
  .use(middleware.guest())

router.get(SIGN_IN_CALLBACK_PATH, [SignInPagesController, 'callback']).as('auth.callback.show')
router.get('/profile', [ProfileController, 'show']).as('auth.profile.show')

router
  .group(() => {
    router.post('/auth/sign-out', [SessionsController, 'destroy']).as('auth.session.destroy')
    router
      .post('/auth/sign-out-everywhere', [SessionsController, 'destroyAll'])
      .as('auth.sessions.destroy_all')
    router
      .get('/onboarding/profile', [ProfileController, 'editOnboarding'])
      .as('auth.onboarding_profile.edit')
    router
      .put('/onboarding/profile', [ProfileController, 'updateOnboarding'])
      .as('auth.onboarding_profile.update')
    router
      .post('/profile/tokens', [ApiTokensController, 'store'])
      .use(middleware.apiTokenChangeLimit({ change: 'create' }))
      .as('auth.api_tokens.store')
    router
      .delete('/profile/tokens/:id', [ApiTokensController, 'destroy'])
      .where('id', databaseIdParam)
      .use(middleware.apiTokenChangeLimit({ change: 'revoke' }))
      .as('auth.api_tokens.destroy')

    // The account's time zone: where its series' schedules run (docs/series.md).
    pageAndApi('patch', { page: '/profile/time-zone', api: '/api/me' }, [MeController, 'update'], {
      page: 'auth.profile_time_zone.update',
      api: 'auth.me.update',
    })

    // Webhook endpoints: written from /profile and through the API alike (README, Webhooks).
    const id = databaseIdParam
    pageAndApi(
      'post',
      { page: '/profile/webhooks', api: '/api/webhook-endpoints' },
      [WebhookEndpointsController, 'store'],
      { page: 'auth.profile_webhooks.store', api: 'auth.webhook_endpoints.store' }
    )
    pageAndApi(
      'patch',
      { page: '/profile/webhooks/:id', api: '/api/webhook-endpoints/:id' },
      [WebhookEndpointsController, 'update'],
      { page: 'auth.profile_webhooks.update', api: 'auth.webhook_endpoints.update' },
      { where: { id } }
    )
    pageAndApi(
      'delete',
      { page: '/profile/webhooks/:id', api: '/api/webhook-endpoints/:id' },
      [WebhookEndpointsController, 'destroy'],
      { page: 'auth.profile_webhooks.destroy', api: 'auth.webhook_endpoints.destroy' },
      { where: { id } }
    )
    pageAndApi(
      'post',
      {
        page: '/profile/webhook-deliveries/:id/resend',
        api: '/api/webhook-deliveries/:id/resend',
      },
      [WebhookEndpointsController, 'resend'],
      { page: 'auth.profile_webhook_deliveries.resend', api: 'auth.webhook_deliveries.resend' },
      { where: { id } }
    )
  })
  .use(middleware.auth())

router
  .group(() => {
    router.post('/auth/magic-link', [MagicLinksController, 'store']).as('auth.magic_link.store')
    router
      .post('/auth/verify-link', [SignInVerificationsController, 'link'])
      .as('auth.link_verification.store')
    router
      .post('/auth/verify-code', [SignInVerificationsController, 'code'])
      .as('auth.code_verification.store')
    router.post('/verify-captcha', [CaptchaController, 'verify']).as('auth.captcha.verify')
  })
  .prefix('/api')

router
  .group(() => {
    router.get('/me', [MeController, 'show']).as('auth.me.show')
    router.post('/users', [MeController, 'store']).as('auth.users.store')
    router.get('/user', [MeController, 'balance']).as('auth.user.show')
    router
      .get('/webhook-endpoints', [WebhookEndpointsController, 'index'])
      .as('auth.webhook_endpoints.index')
    router
      .get('/webhook-endpoints/:id', [WebhookEndpointsController, 'show'])
      .where('id', databaseIdParam)
      .as('auth.webhook_endpoints.show')
  })
  .prefix('/api')
  .use(middleware.auth())

// The balance and the webhook endpoints as MCP tools (/mcp), faces of their /api routes.
mcpTools.register(() => import('#auth/tools/account_tools'))
mcpTools.register(() => import('#auth/tools/webhook_tools'))

// What each /api route does, for the OpenAPI document and the MCP tools.
apiOperations.register(() => import('#auth/api_operations'))

if (app.inDev) {
  router
    .get('/dev/mailbox', [DevMailboxController, 'index'])
    .as('auth.dev_mailbox.index')
    .use(middleware.loopbackOnly())
}
