import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import env from '#start/env'
import { EndAllSessions } from '#auth/actions/end_all_sessions'
import { RequestSignIn } from '#auth/actions/request_sign_in'

export type SessionStore = 'database' | 'redis'

/**
 * Keeps sessions in a real store for one test, as production does. (The suite
 * runs on the memory store: Japa's `loginAs` can only seed that one.)
 */
export async function useSessionStore(store: SessionStore, cleanup: (fn: () => void) => void) {
  const configured = await configProvider.resolve<ResolvedSessionConfig>(
    app,
    app.config.get('session')
  )
  const config = { ...configured!, store }
  const emitter = await app.container.make('emitter')
  app.container.swap(SessionMiddleware, () => new SessionMiddleware(config, emitter))
  app.container.swap(
    EndAllSessions,
    () =>
      new (class extends EndAllSessions {
        protected async sessionConfig() {
          return config
        }
      })()
  )
  cleanup(() => {
    app.container.restore(SessionMiddleware)
    app.container.restore(EndAllSessions)
  })
}

/**
 * A browser as the server sees it: a cookie jar over plain HTTP, sending the
 * XSRF-TOKEN cookie back as the X-XSRF-TOKEN header like our front end does.
 */
export class Device {
  #cookies: Map<string, string>

  constructor(cookies: Map<string, string> = new Map()) {
    this.#cookies = new Map(cookies)
  }

  /** Another device holding a copy of this one's cookies, as a thief would. */
  copy() {
    return new Device(this.#cookies)
  }

  get sessionId() {
    return this.#cookies.get('reelforge-session')
  }

  /** `csrf: false` leaves the X-XSRF-TOKEN header out, as a forged cross-site request would. */
  async request(method: string, path: string, body?: unknown, { csrf = true } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' }
    headers.cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const xsrf = this.#cookies.get('XSRF-TOKEN')
    if (method !== 'GET' && xsrf && csrf) {
      headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
    }
    const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value === '' || /max-age=0/i.test(cookie)) {
        this.#cookies.delete(name)
      } else {
        this.#cookies.set(name, value)
      }
    }
    return response
  }

  /** Signs in with the emailed 6-digit code, the way /test-auth does. */
  async signIn(email: string) {
    await this.request('GET', '/auth')
    const requests = await app.container.make(RequestSignIn)
    const { code } = await requests.issue(email)
    const response = await this.request('POST', '/api/auth/verify-code', { email, code })
    if (response.status !== 200) {
      throw new Error(`sign-in failed with ${response.status}`)
    }
  }

  async me() {
    const response = await this.request('GET', '/api/me')
    return response.status
  }
}
