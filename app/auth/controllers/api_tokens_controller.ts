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
  async store({ auth, request, response, session }: HttpContext, createApiToken: CreateApiToken) {
    const { name } = await request.validateUsing(createApiTokenValidator)
    const result = await createApiToken.handle(auth.getUserOrFail(), name)
    switch (result.status) {
      case 'created':
        session.flash(NEW_API_TOKEN_FLASH, { name: result.token.name, secret: result.secret })
        session.flash('success', `Token "${name}" created. Copy it now: it is shown only once.`)
        break
      case 'plan_required':
        session.flash('error', API_ACCESS_REQUIRED)
        break
      case 'too_many':
        session.flash('error', `You can have up to ${MAX_API_TOKENS} tokens. Revoke one first.`)
        break
    }
    return response.redirect('/profile')
  }

  @inject()
  async destroy({ auth, params, response, session }: HttpContext, revokeApiToken: RevokeApiToken) {
    await revokeApiToken.handle(auth.getUserOrFail(), params.id)
    session.flash('success', 'Token revoked. Programs using it can no longer call the API.')
    return response.redirect('/profile')
  }
}
