import env from '#start/env'
import { defineConfig } from '@adonisjs/auth'
import { tokensGuard, tokensUserProvider } from '@adonisjs/auth/access_tokens'
import { sessionGuardWithItsUser } from '#auth/services/session_user'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

const authConfig = defineConfig({
  default: 'web',
  guards: {
    // The user comes with the session's own read when the store can join it (config/session.ts).
    web: sessionGuardWithItsUser({ useRememberMeTokens: false }),
    // The agency API: `Authorization: Bearer rf_…` on /api/* (AuthMiddleware).
    api: tokensGuard({
      provider: tokensUserProvider({
        tokens: 'accessTokens',
        model: () => import('#auth/models/user'),
      }),
    }),
  },
})

export default authConfig

/**
 * Passwordless sign-in: lifetime of emailed links and codes, the operator's
 * account and Cloudflare Turnstile (off without keys).
 */
export const signIn = {
  challengeTtlMinutes: env.get('AUTH_CHALLENGE_TTL_MINUTES', 15),
  maxCodeAttempts: 5,
  adminEmail: env.get('ADMIN_EMAIL')?.toLowerCase() ?? null,
  captcha: {
    siteKey: env.get('TURNSTILE_SITE_KEY') ?? null,
    secretKey: env.get('TURNSTILE_SECRET_KEY')?.release() ?? null,
    verifyUrl: env.get(
      'TURNSTILE_VERIFY_URL',
      'https://challenges.cloudflare.com/turnstile/v0/siteverify'
    ),
  },
}

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
