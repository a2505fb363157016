import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { VerifySignIn, type VerifySignInResult } from '#auth/actions/verify_sign_in'
import { verifyCodeValidator, verifyLinkValidator } from '#auth/validators/sign_in'
import { tooManyRequests } from '#core/http/too_many_requests'

@inject()
export default class SignInVerificationsController {
  constructor(private verifySignIn: VerifySignIn) {}

  async link(ctx: HttpContext) {
    const { token } = await ctx.request.validateUsing(verifyLinkValidator)
    return this.#respond(ctx, await this.verifySignIn.withLink(token), 'Authentication failed')
  }

  async code(ctx: HttpContext) {
    const { email, code } = await ctx.request.validateUsing(verifyCodeValidator)
    return this.#respond(ctx, await this.verifySignIn.withCode(email, code), 'Invalid code')
  }

  async #respond(
    { auth, session, response }: HttpContext,
    result: VerifySignInResult,
    invalid: string
  ) {
    switch (result.status) {
      case 'signed_in':
        // A new id at sign-in: an id planted or seen before it signs nobody in.
        session.regenerate()
        await auth.use('web').login(result.user)
        await session.tag(String(result.user.id))
        return response.ok({
          isNewUser: result.isNewUser,
          redirectTo: result.isNewUser ? '/onboarding/plan' : '/',
        })
      case 'rate_limited':
        return tooManyRequests(response, result.retryAfter)
      case 'invalid':
        return invalid === 'Invalid code'
          ? response.unprocessableEntity({ message: invalid })
          : response.unauthorized({ message: invalid })
    }
  }
}
