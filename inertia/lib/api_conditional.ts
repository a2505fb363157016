import { csrfHeaders } from '~/lib/api'

export type ConditionalResult<T> =
  { modified: true; data: T; etag: string | null } | { modified: false; etag: string | null }

/**
 * A GET that sends If-None-Match with the last ETag. A 304 resolves to
 * `{ modified: false }` (nothing changed, keep waiting); other failures throw
 * ApiError like apiRequest.
 */
export async function apiGetConditional<T>(
  path: string,
  etag: string | null
): Promise<ConditionalResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...csrfHeaders() }
  if (etag) {
    headers['If-None-Match'] = etag
  }

  // An explicit If-None-Match makes the browser hand the 304 to us as is
  const response = await fetch(path, {
    method: 'GET',
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
  })

  if (response.status === 304) {
    return { modified: false, etag }
  }
  if (!response.ok) {
    const { apiErrorFrom } = await import('~/lib/api_http')
    throw await apiErrorFrom(response)
  }
  return {
    modified: true,
    data: (await response.json()) as T,
    etag: response.headers.get('ETag') ?? etag,
  }
}
