/**
 * The CSRF header AdonisJS Shield expects on state-changing requests, read
 * from its XSRF-TOKEN cookie (the same logic as apiRequest, which keeps its
 * copy private).
 */
export function csrfHeaders(): Record<string, string> {
  const prefix = 'XSRF-TOKEN='
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix))
  return entry ? { 'X-XSRF-TOKEN': decodeURIComponent(entry.slice(prefix.length)) } : {}
}

/**
 * Turns a failed response into the same ApiError apiRequest throws.
 */
export async function failureBody(response: Response) {
  const text = await response.text().catch(() => '')
  let body: unknown = text || null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // plain-text error body
  }
  const message =
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
      ? body.message
      : typeof body === 'string' && body
        ? body
        : response.statusText || 'Request failed'
  return { body, message }
}
