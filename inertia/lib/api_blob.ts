import { apiErrorFrom, csrfHeaders } from '~/lib/api'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Like apiRequest, for endpoints that answer with bytes (audio previews):
 * sends a JSON body with the CSRF header and resolves to the response Blob.
 * Failures throw the same ApiError, with the server's message.
 */
export async function apiBlob(method: Method, path: string, body?: unknown): Promise<Blob> {
  const headers: Record<string, string> = { Accept: '*/*', ...csrfHeaders() }
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
  return response.blob()
}
