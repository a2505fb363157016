type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

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

/** A rate limit's 429: its message is the spec's "Too many requests…" wording. */
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function messageFrom(body: unknown) {
  if (typeof body !== 'object' || body === null) {
    return null
  }
  if ('message' in body && typeof body.message === 'string') {
    return body.message
  }
  // VineJS validation failures carry their messages in an `errors` array
  if ('errors' in body && Array.isArray(body.errors)) {
    const first: unknown = body.errors[0]
    if (typeof first === 'object' && first !== null && 'message' in first) {
      return String(first.message)
    }
  }
  return null
}

function parseRetryAfter(header: string | null) {
  if (header === null) {
    return null
  }
  const seconds = Number(header)
  return Number.isFinite(seconds) ? seconds : null
}

/**
 * The ApiError for a failed response, with the server's message.
 */
export async function apiErrorFrom(response: Response) {
  const text = await response.text().catch(() => '')
  const data = text ? parseJson(text) : null
  return new ApiError(
    response.status,
    // HTTP/2 responses carry no status text
    messageFrom(data) ??
      (typeof data === 'string' && data ? data : response.statusText || 'Request failed'),
    parseRetryAfter(response.headers.get('Retry-After')),
    data
  )
}

/** Sends a request with the session's CSRF header and a JSON body; a failure throws ApiError. */
async function send(method: Method, path: string, body: unknown, accept: string) {
  const headers: Record<string, string> = { Accept: accept, ...csrfHeaders() }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) {
    throw await apiErrorFrom(response)
  }
  return response
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body, 'application/json')
  const text = await response.text()
  return (text ? parseJson(text) : null) as T
}

/**
 * For endpoints that answer with bytes (audio previews): the response Blob;
 * failures throw the same ApiError, with the server's message.
 */
export async function apiBlob(method: Method, path: string, body?: unknown): Promise<Blob> {
  const response = await send(method, path, body, '*/*')
  return response.blob()
}
