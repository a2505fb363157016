import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import type User from '#auth/models/user'

/**
 * Ends every session a user is signed in with, on every device, in whichever
 * store config/session.ts picks (sign-in tags each session with its user).
 */
export class EndAllSessions {
  async handle(user: User) {
    // A collection per call, not the container's singleton: that one keeps the
    // database connection of its first use for good.
    const sessions = new SessionCollection(await this.sessionConfig())
    for (const session of await sessions.tagged(String(user.id))) {
      await sessions.destroy(session.id)
    }
  }

  protected async sessionConfig() {
    const config = await configProvider.resolve<ResolvedSessionConfig>(
      app,
      app.config.get('session')
    )
    return config!
  }
}
