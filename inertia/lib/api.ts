import type { Registry } from '@generated/registry/schema'
import { endpoint } from '~/lib/client'

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

type Types<Name extends keyof Registry> = Registry[Name]['types']

/** The body a named route takes. */
export type RouteBody<Name extends keyof Registry> = Types<Name>['body']

/**
 * A JSON call to one of our named routes whose answer the page really needs
 * (an AI script, say): its params, body and answer typed from the generated
 * registry, never by hand. Failures throw ApiError, as `apiRequest` does.
 */
export function routeRequest<Name extends keyof Registry>(
  name: Name,
  args: { params?: Types<Name>['params']; body?: Types<Name>['body'] } = {}
) {
  const { url, method } = endpoint(name, args.params)
  return apiRequest<Types<Name>['response']>(method, url, args.body)
}
