import LanguageTransformer from '#core/transformers/language_transformer'
import { LANGUAGE_CATALOGUE } from '#shared/languages'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { STYLE_IDS, styleName } from '#core/vocabulary'
import UserTransformer from '#auth/transformers/user_transformer'
import OnboardingProfileTransformer from '#auth/transformers/onboarding_profile_transformer'
import ApiTokenTransformer from '#auth/transformers/api_token_transformer'
import { ApiAccess } from '#auth/contracts/api_access'
import { AccountStanding } from '#auth/contracts/account_standing'
import { ListApiTokens } from '#auth/queries/list_api_tokens'
import { NEW_API_TOKEN_FLASH } from '#auth/controllers/api_tokens_controller'
import { NEW_WEBHOOK_FLASH } from '#auth/controllers/webhook_endpoints_controller'
import { OwnedWebhookEndpoints } from '#auth/queries/owned_webhook_endpoints'
import WebhookEndpointTransformer from '#auth/transformers/webhook_endpoint_transformer'
import { WEBHOOK_EVENT_TYPES } from '#core/webhooks/webhook_events'
import { updateProfileValidator } from '#auth/validators/profile'

export default class ProfileController {
  /**
   * Viewable signed out too: the page then offers 'Go to Login'. API tokens
   * are listed (and revocable) on any plan, created only while the plan
   * includes the API; a token just created comes with its secret, this once.
   * Webhook endpoints likewise: listed with their latest deliveries while the
   * plan includes the API, a new one's signing secret shown this once.
   */
  @inject()
  async show(
    { auth, inertia, session }: HttpContext,
    apiAccess: ApiAccess,
    listApiTokens: ListApiTokens,
    standing: AccountStanding
  ) {
    const user = auth.user
    if (!user) {
      return inertia.render('auth/profile', {
        profile: null,
        apiAccess: false,
        apiTokens: [],
        newApiToken: null,
        webhookEvents: [...WEBHOOK_EVENT_TYPES],
        webhookEndpoints: [],
        newWebhookSecret: null,
      })
    }
    const available = await apiAccess.allows(user.id)
    const created = session.flashMessages.get(NEW_API_TOKEN_FLASH) as
      { name: string; secret: string } | undefined
    const createdEndpoint = session.flashMessages.get(NEW_WEBHOOK_FLASH) as
      { id: number; secret: string } | undefined
    const endpoints = available ? await new OwnedWebhookEndpoints(user.id).list() : []
    return inertia.render('auth/profile', {
      profile: UserTransformer.transform(await standing.account(user)).useVariant('forProfilePage'),
      apiAccess: available,
      apiTokens: ApiTokenTransformer.transform(await listApiTokens.handle(user)),
      newApiToken: available && created ? { name: created.name, secret: created.secret } : null,
      webhookEvents: [...WEBHOOK_EVENT_TYPES],
      webhookEndpoints: WebhookEndpointTransformer.transform(endpoints),
      newWebhookSecret:
        available && createdEndpoint
          ? { id: createdEndpoint.id, secret: createdEndpoint.secret }
          : null,
    })
  }

  async editOnboarding({ auth, inertia }: HttpContext) {
    return inertia.render('auth/onboarding_profile', {
      profile: OnboardingProfileTransformer.transform(auth.getUserOrFail()),
      styles: STYLE_IDS.map((id) => ({ id, name: styleName(id) })),
      languages: LanguageTransformer.transform([...LANGUAGE_CATALOGUE]).useVariant('forChoice'),
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
