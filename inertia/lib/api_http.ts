import { ApiError, csrfHeaders, type Method } from '~/lib/api'

/*
|--------------------------------------------------------------------------
| The API client's requests
|--------------------------------------------------------------------------
|
| Sending a request and reading a failure into an ApiError. Pages call it
| through `apiRequest` (~/lib/api), which loads this file on its first call.
|
*/

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

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body, 'application/json')
  const text = await response.text()
  return (text ? parseJson(text) : null) as T
}

export async function requestBlob(method: Method, path: string, body?: unknown): Promise<Blob> {
  const response = await send(method, path, body, '*/*')
  return response.blob()
}
