import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { EndAllSessions } from '#auth/actions/end_all_sessions'

export default class SessionsController {
  /**
   * Sign Out: the session is emptied, so the store drops it and a copy of the
   * cookie signs nobody in.
   */
  async destroy(ctx: HttpContext) {
    return this.#signOut(ctx)
  }

  /**
   * Sign out of all devices: every session of the account, this one included.
   */
  @inject()
  async destroyAll(ctx: HttpContext, endAllSessions: EndAllSessions) {
    await endAllSessions.handle(ctx.auth.getUserOrFail())
    return this.#signOut(ctx)
  }

  async #signOut({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    return response.redirect('/auth')
  }
}
