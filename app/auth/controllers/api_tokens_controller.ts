import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import { CreateApiToken, MAX_API_TOKENS } from '#auth/actions/create_api_token'
import { RevokeApiToken } from '#auth/actions/revoke_api_token'
import { createApiTokenValidator } from '#auth/validators/api_token'

/** Flash key of a token just created: its secret is shown on /profile once. */
export const NEW_API_TOKEN_FLASH = 'newApiToken'

/**
 * Personal access tokens on /profile: session only (a token cannot mint or
 * revoke tokens, these are not /api routes).
 */
export default class ApiTokensController {
  @inject()
  async store(ctx: HttpContext, createApiToken: CreateApiToken) {
    const { auth, request, response, session } = ctx
    const { name } = await request.validateUsing(createApiTokenValidator)
    const result = await createApiToken.handle(auth.getUserOrFail(), name)
    switch (result.status) {
      case 'created':
        session.flash(NEW_API_TOKEN_FLASH, { name: result.token.name, secret: result.secret })
        session.flash('success', `Token "${name}" created. Copy it now: it is shown only once.`)
        return response.redirect('/profile')
      case 'plan_required':
        return this.#refuse(ctx, 403, API_ACCESS_REQUIRED)
      case 'too_many':
        return this.#refuse(
          ctx,
          409,
          `You can have up to ${MAX_API_TOKENS} tokens. Revoke one first.`
        )
    }
  }

  @inject()
  async destroy({ auth, params, response, session }: HttpContext, revokeApiToken: RevokeApiToken) {
    await revokeApiToken.handle(auth.getUserOrFail(), params.id)
    session.flash('success', 'Token revoked. Programs using it can no longer call the API.')
    return response.redirect('/profile')
  }

  /** The /profile form gets the message as a toast; a JSON client gets it with the status. */
  #refuse({ request, response, session }: HttpContext, status: number, message: string) {
    if (request.accepts(['html', 'json']) === 'json') {
      return response.status(status).json({ message })
    }
    session.flash('error', message)
    return response.redirect('/profile')
  }
}
