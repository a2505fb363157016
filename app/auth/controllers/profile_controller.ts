import type { HttpContext } from '@adonisjs/core/http'
import { LANGUAGES, STYLE_IDS, styleName } from '#core/vocabulary'
import UserTransformer from '#auth/transformers/user_transformer'
import { updateProfileValidator } from '#auth/validators/profile'

export default class ProfileController {
  /**
   * Viewable signed out too: the page then offers 'Go to Login'.
   */
  async show({ auth, inertia }: HttpContext) {
    const user = auth.user
    return inertia.render('auth/profile', {
      profile: user ? UserTransformer.transform(user).useVariant('forProfilePage') : null,
    })
  }

  async editOnboarding({ auth, inertia }: HttpContext) {
    return inertia.render('auth/onboarding_profile', {
      profile: UserTransformer.transform(auth.getUserOrFail()).useVariant('forOnboarding'),
      styles: STYLE_IDS.map((id) => ({ id, name: styleName(id) })),
      languages: [...LANGUAGES],
    })
  }

  async updateOnboarding({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(updateProfileValidator)
    await user
      .merge({
        username: input.username ?? user.username,
        niche: input.niche ?? null,
        language: input.language,
        defaultStyle: input.defaultStyle,
      })
      .save()
    return response.redirect('/create')
  }
}
