import type { RouteJSON } from '@adonisjs/core/types/http'

/**
 * The public API: the /api routes a signed-in user calls, which is to say the
 * routes behind the `auth` middleware but not the operator's (a token never
 * reaches those). Sign-in, webhooks and the admin area are left out. Apart
 * from the OpenAPI document, so the route files (which the MCP registry is
 * loaded with) never wait on the validators' index codegen writes.
 */
export function isPublicApiRoute(route: RouteJSON) {
  const middleware = [...route.middleware.all()].map((entry) => (entry as { name?: string }).name)
  return (
    route.pattern.startsWith('/api/') &&
    middleware.includes('auth') &&
    !middleware.includes('operator')
  )
}
