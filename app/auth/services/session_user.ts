import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import type { HttpContext } from '@adonisjs/core/http'
import type { ConfigProvider } from '@adonisjs/core/types'
import { symbols } from '@adonisjs/auth'
import {
  SessionGuard,
  type SessionLucidUserProvider,
  sessionUserProvider,
} from '@adonisjs/auth/session'
import type { GuardConfigProvider } from '@adonisjs/auth/types'
import type { SessionGuardOptions, SessionUserProviderContract } from '@adonisjs/auth/types/session'
import type { SessionData, SessionStoreFactory } from '@adonisjs/session/types'
import type User from '#auth/models/user'

/*
 * A browser's request reads its session row (Sign Out deletes it, so that
 * read is what refuses a copied cookie at once), then the session guard
 * reads the user the session names: two round trips to PostgreSQL on every
 * request. A signed-in session row carries its user's id (sign-in tags it),
 * so the database store reads both in one statement and the guard takes
 * the user from it. Both are read afresh on every request, nothing is kept
 * between requests: Sign Out, Sign out of all devices, a plan change or a
 * deleted account show on the very next request, in every web process.
 */

/** The user row read with the request's session, when the session is tagged with one. */
const usersReadWithSession = new WeakMap<HttpContext, Record<string, unknown>>()

/**
 * The session and its user's row. A named prepared statement: planned once
 * per connection, each request only binds the id.
 */
const SESSION_WITH_USER = `select s.data as "session:data", s.expires_at as "session:expiresAt", u.*
  from sessions s left join users u on u.id = s.user_id where s.id = ?`

/**
 * The database session store (config/session.ts), reading a session with
 * its user's row and keeping the row for the session guard of the same request.
 * Writes, tags and Sign out of all devices go through the store as before.
 */
export function readingItsUser(
  store: ConfigProvider<SessionStoreFactory>
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const factory = await store.resolver(app)
    const db = await app.container.make('lucid.db')
    return (ctx, config) => {
      const inner = factory(ctx, config)
      // A store made outside a request (SessionCollection) reads as it always did.
      if (!ctx) return inner
      inner.read = async (sessionId) => {
        // An id the browser did not send was made up for this request: nothing is stored under it.
        if (ctx.request.cookie(config.cookieName) !== sessionId) return null
        const query = db.connection().rawQuery(SESSION_WITH_USER, [sessionId])
        query.knexQuery.options({ name: 'session_with_user' })
        const {
          rows: [row],
        } = await query
        if (!row) return null
        const { 'session:data': data, 'session:expiresAt': expiresAt, ...user } = row
        if (Date.now() > new Date(expiresAt).getTime()) {
          await inner.destroy(sessionId)
          return null
        }
        const values = verified(data, sessionId)
        if (values && user.id !== null) usersReadWithSession.set(ctx, user)
        return values
      }
      return inner
    }
  })
}

/** The session's values, or null when the stored message is not one this app signed for this id. */
function verified(data: string, sessionId: string) {
  try {
    return new MessageBuilder().verify<SessionData>(data, sessionId)
  } catch {
    return null
  }
}

/**
 * The users of session guards: the user row read with the request's session
 * when the session names that user, else a read by id (another store, or a
 * session whose tag is not the user it signs in).
 */
class SessionUsers implements SessionUserProviderContract<User> {
  declare [symbols.PROVIDER_REAL_USER]: User

  constructor(
    private ctx: HttpContext,
    private model: typeof User,
    private byId: SessionLucidUserProvider<typeof User>
  ) {}

  createUserForGuard(user: User) {
    return this.byId.createUserForGuard(user)
  }

  async findById(identifier: string | number | BigInt) {
    const row = usersReadWithSession.get(this.ctx)
    if (row && String(row.id) === String(identifier)) {
      return this.byId.createUserForGuard(this.model.$createFromAdapterResult(row)!)
    }
    return this.byId.findById(identifier)
  }
}

/** The session guard (config/auth.ts), its user taken from the session's read where it can be. */
export function sessionGuardWithItsUser(
  options: SessionGuardOptions<false>
): GuardConfigProvider<(ctx: HttpContext) => SessionGuard<false, SessionUsers>> {
  return {
    async resolver(name, app) {
      const emitter = await app.container.make('emitter')
      const { default: model } = await import('#auth/models/user')
      const byId = sessionUserProvider({ model: async () => ({ default: model }) })
      return (ctx) =>
        new SessionGuard(name, ctx, options, emitter, new SessionUsers(ctx, model, byId))
    },
  }
}
