import type { Tuyau } from '@tuyau/core/client'
import { createUrlBuilder } from '@adonisjs/http-server/client/url_builder'
import { registry } from '@generated/registry'

type Registry = typeof registry
type RouteName = keyof Registry['routes']

/** Flat query strings are all the pages send (`?need=5`, `?prompt=…`); empty values are left out. */
function searchParams(query: Record<string, unknown>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  return params.toString()
}

const urlFor = createUrlBuilder(
  {
    root: Object.entries(registry.routes).map(([name, route]) => ({
      name,
      domain: 'root',
      ...route,
    })),
  },
  searchParams
)

/**
 * Typed routes for `<Link route>`, `<Form route>` and `client.urlFor`, built
 * from the server's named routes. Pages only ever build URLs with it (they
 * call the API through `~/lib/api`), so this is the URL half of a Tuyau
 * client: the full one also bundles an HTTP client (ky) that every page
 * would download and none would use.
 */
const routes = {
  urlFor,
  getRoute(name: RouteName, args?: { params?: Record<string, unknown> | unknown[] }) {
    const { methods } = registry.routes[name]
    return { url: urlFor(name as never, args?.params as never), methods }
  },
}

export const client = routes as unknown as Tuyau<Registry>
