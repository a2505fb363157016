/// <reference path="../types/virtual.d.ts" />
import type { registry } from '@generated/registry'
import routes from 'virtual:reelforge/routes'
import { client } from '~/lib/client'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export class ApiError extends Error {
  readonly status: number
  readonly retryAfter: number | null
  readonly body: unknown

  constructor(status: number, message: string, retryAfter: number | null, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfter = retryAfter
    this.body = body
  }

  get display() {
    return `${this.status}: ${this.message}`
  }

  toString() {
    return this.display
  }
}

/** A rate limit's 429: its message asks the user to wait a moment ("Too many requests…"). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429
}

export function errorMessage(error: unknown) {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The header AdonisJS Shield checks on state-changing requests, read from its
 * XSRF-TOKEN cookie.
 */
export function csrfHeaders(): Record<string, string> {
  const prefix = 'XSRF-TOKEN='
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix))
  return entry ? { 'X-XSRF-TOKEN': decodeURIComponent(entry.slice(prefix.length)) } : {}
}

/** The code that sends requests and reads failures loads on the first call: pages paint without it. */
const http = () => import('~/lib/api_http')

/** Sends a JSON request with the session's CSRF header; a failure throws ApiError with the server's message. */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const { request } = await http()
  return request<T>(method, path, body)
}

/**
 * For endpoints that answer with bytes (audio previews): the response Blob;
 * failures throw the same ApiError, with the server's message.
 */
export async function apiBlob(method: Method, path: string, body?: unknown): Promise<Blob> {
  const { requestBlob } = await http()
  return requestBlob(method, path, body)
}

type Routes = (typeof registry)['routes']
type RouteName = keyof Routes
type RouteTypes<Name extends RouteName> = Routes[Name]['types']

/** What a named route takes as its body, from its validator. */
export type RouteBody<Name extends RouteName> = RouteTypes<Name>['body']

/**
 * Calls one of our JSON routes by name, for the few answers a page really
 * needs as data (a checkout's URL, the sign-in API's next page): the body and
 * the answer are typed from the generated registry, never by hand. Writes
 * that change what a page shows are Inertia visits instead.
 */
export async function callRoute<Name extends RouteName>(
  name: Name,
  options: { params?: RouteTypes<Name>['params']; body?: RouteTypes<Name>['body'] } = {}
): Promise<RouteTypes<Name>['response']> {
  const urlFor = client.urlFor as (route: string, params?: unknown) => string
  const [method] = routes[name]?.[1] ?? ['GET']
  return apiRequest(method as Method, urlFor(name, options.params), options.body)
}
