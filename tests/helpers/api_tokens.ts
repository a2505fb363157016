import env from '#start/env'
import User from '#auth/models/user'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'

/** An account on the agency plan (the one whose features include API access). */
export async function createAgencyAccount(email: string) {
  const user = await createAccount(email)
  await setAccount(user, { plan: 'agency' })
  return user
}

/** A personal access token of the user, as /profile creates it; returns its secret. */
export async function createApiToken(user: User, name = 'script') {
  const token = await User.accessTokens.create(user, ['*'], { name })
  return token.value!.release()
}

/**
 * A program calling the API: plain HTTP with `Authorization: Bearer`, no
 * cookie unless one is given.
 */
export async function callApi(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> }
) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.cookie) headers.cookie = options.cookie
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, any>,
  }
}
