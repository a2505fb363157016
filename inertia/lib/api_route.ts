import type { Registry } from '@generated/registry/schema'
import { apiRequest, type Method } from '~/lib/api'
import { client } from '~/lib/client'

type Types<Name extends keyof Registry> = Registry[Name]['types']

/** The body a named route takes. */
export type RouteBody<Name extends keyof Registry> = Types<Name>['body']

/** The URL half of the client, as `inertia/lib/client.ts` builds it. */
const routes = client as unknown as {
  getRoute(name: string, args?: { params?: unknown }): { url: string; methods: string[] }
}

/**
 * A JSON call to one of our named routes whose answer the page really needs
 * (an AI script, say): its params, body and answer typed from the generated
 * registry, never by hand. Failures throw ApiError, as `apiRequest` does.
 */
export function routeRequest<Name extends keyof Registry>(
  name: Name,
  args: { params?: Types<Name>['params']; body?: Types<Name>['body'] } = {}
) {
  const { url, methods } = routes.getRoute(name, { params: args.params })
  return apiRequest<Types<Name>['response']>(methods[0] as Method, url, args.body)
}
