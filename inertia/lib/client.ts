/// <reference path="../types/virtual.d.ts" />
import type { Tuyau } from '@tuyau/core/client'
import type { registry } from '@generated/registry'
import type { Registry } from '@generated/registry/schema'
import routes from 'virtual:reelforge/routes'

type Params = object | undefined
type Options = { qs?: Record<string, unknown> }

/** Flat query strings are all the pages send (`?need=5`, `?prompt=…`); empty values are left out. */
function queryString(query: Record<string, unknown> = {}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

function segment(value: unknown) {
  return Array.isArray(value)
    ? value.map((part) => encodeURIComponent(String(part))).join('/')
    : encodeURIComponent(String(value))
}

/** A named route's URL: `:name` segments from params (by name, or in order from an array), `*` from `params['*']`. */
function urlFor(name: string, params?: Params, options?: Options) {
  const route = routes[name]
  if (!route) throw new Error(`Cannot lookup route "${name}"`)
  const positional = Array.isArray(params) ? [...params] : null
  const path = route[0].replace(/:(\w+)|\*/g, (_token: string, key: string | undefined) => {
    const value = positional
      ? positional.shift()
      : (params as Record<string, unknown> | undefined)?.[key ?? '*']
    if (value === undefined || value === null) {
      throw new Error(`Missing parameter "${key ?? '*'}" for route "${name}"`)
    }
    return segment(value)
  })
  return `${path}${queryString(options?.qs)}`
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * A named route's URL and method for a JSON call (`routeRequest` in
 * `~/lib/api.ts`), its params typed from the generated registry.
 */
export function endpoint<Name extends keyof Registry>(
  name: Name,
  params?: Registry[Name]['types']['params']
) {
  const method = METHODS.find((candidate) => routes[name]?.[1].includes(candidate))
  if (!method) throw new Error(`Cannot lookup route "${name}"`)
  return { url: urlFor(name, params), method }
}

/**
 * Typed routes for `<Link route>`, `<Form route>` and `client.urlFor`, from
 * the server's named routes. Pages only ever build URLs with it (they call
 * the API through `~/lib/api`), so this is the URL half of a Tuyau client:
 * the full one also bundles an HTTP client that no page would use, and the
 * generated registry's per-route tokens, which the table here leaves out.
 */
const urls = {
  urlFor,
  getRoute(name: string, args?: { params?: Params }) {
    return { url: urlFor(name, args?.params), methods: routes[name]?.[1] ?? [] }
  },
}

export const client = urls as unknown as Tuyau<typeof registry>
