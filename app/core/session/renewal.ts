import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { Session } from '@adonisjs/session'
import type { SessionStoreFactory } from '@adonisjs/session/types'

/** When the session was last written (its cookie and its stored expiry renewed). */
export const RENEWED_AT_KEY = 'cookie-renewed-at'
/** A session is renewed at most once a day: its 30-day expiry slides daily. */
export const RENEW_AFTER_MS = 24 * 60 * 60 * 1000

export function renewedWithinADay(session: Session | undefined) {
  return !!session && Date.now() - Number(session.get(RENEWED_AT_KEY, 0)) <= RENEW_AFTER_MS
}

/**
 * A session store whose `touch` (the expiry bump the session middleware sends
 * after every request that changed nothing) is skipped while the session was
 * written within the day: that write already set an expiry at least 29 days
 * ahead. SteadyCookies notes each write under RENEWED_AT_KEY and forces one
 * a day, so a reader's stored session and its cookie expire together, and a
 * quiet GET costs one query less and no write.
 */
export function renewingDaily(
  store: ConfigProvider<SessionStoreFactory>
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const factory = await store.resolver(app)
    return (ctx, config) => {
      const inner = factory(ctx, config)
      const touch = inner.touch.bind(inner)
      inner.touch = (sessionId) => (renewedWithinADay(ctx.session) ? undefined : touch(sessionId))
      return inner
    }
  })
}
