import { appUrl } from '#config/app'

/**
 * The page a sign-in link opens (`auth.callback.show` in app/auth/routes.ts).
 * Links are built from this path rather than by route lookup, which needs the
 * HTTP server's router: `auth:link` runs without one.
 */
export const SIGN_IN_CALLBACK_PATH = '/auth/callback'

export function signInLink(token: string): string {
  const url = new URL(SIGN_IN_CALLBACK_PATH, appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}
