/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#core/exceptions/handler'))

/**
 * Server middleware runs on every request, including unmatched paths.
 */
server.use([
  () => import('#core/middleware/container_bindings_middleware'),
  () => import('#core/middleware/security_headers_middleware'),
  () => import('#media/middleware/media_ranges_middleware'),
  () => import('#core/middleware/compression_middleware'),
  () => import('#core/middleware/precompressed_assets_middleware'),
  () => import('#core/middleware/force_json_for_api_middleware'),
  () => import('#core/middleware/static_files_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#auth/middleware/inertia_middleware'),
])

/**
 * Router middleware runs on requests that matched a route.
 */
router.use([
  () => import('#core/middleware/body_parser_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('#auth/middleware/session_when_needed_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#core/middleware/steady_cookies_middleware'),
  () => import('#core/middleware/unexpected_files_middleware'),
  () => import('#core/middleware/storable_text_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#auth/middleware/silent_auth_middleware'),
  () => import('#auth/middleware/initialize_bouncer_middleware'),
])

export const middleware = router.named({
  auth: () => import('#auth/middleware/auth_middleware'),
  mcpAuth: () => import('#auth/middleware/mcp_auth_middleware'),
  guest: () => import('#auth/middleware/guest_middleware'),
  loopbackOnly: () => import('#core/middleware/loopback_only_middleware'),
  uploads: () => import('#core/middleware/uploads_middleware'),
  signedPayload: () => import('#core/middleware/signed_payload_middleware'),
  paidCallLimit: () => import('#core/middleware/paid_call_limit_middleware'),
  apiTokenChangeLimit: () => import('#auth/middleware/api_token_change_limit_middleware'),
  operator: () => import('#admin/middleware/operator_middleware'),
})
