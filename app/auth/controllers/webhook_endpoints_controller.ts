import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { ApiAccess } from '#auth/contracts/api_access'
import {
  SaveWebhookEndpoint,
  type WebhookEndpointRefusal,
} from '#auth/actions/save_webhook_endpoint'
import { WEBHOOK_MESSAGES } from '#auth/answers'
import { ResendWebhookDelivery } from '#auth/actions/resend_webhook_delivery'
import { OwnedWebhookEndpoints } from '#auth/queries/owned_webhook_endpoints'
import WebhookEndpointTransformer, {
  deliveryLogLine,
} from '#auth/transformers/webhook_endpoint_transformer'
import {
  createWebhookEndpointValidator,
  updateWebhookEndpointValidator,
} from '#auth/validators/webhook_endpoint'

/** Flash key of an endpoint just created: its secret is shown on /profile once. */
export const NEW_WEBHOOK_FLASH = 'newWebhookEndpoint'

/**
 * An API customer's webhook endpoints (README, Webhooks), on /profile and
 * through the API, each scoped to its owner: another user's id is 404
 * before anything else. A plan without the API is refused with 403.
 */
@inject()
export default class WebhookEndpointsController {
  constructor(private apiAccess: ApiAccess) {}

  async index(ctx: HttpContext) {
    const userId = ctx.auth.getUserOrFail().id
    if (!(await this.apiAccess.allows(userId))) return this.#planRequired(ctx)
    const endpoints = await new OwnedWebhookEndpoints(userId).list()
    return apiSerializer.serialize(WebhookEndpointTransformer.transform(endpoints))
  }

  async show(ctx: HttpContext) {
    const owned = new OwnedWebhookEndpoints(ctx.auth.getUserOrFail().id)
    const endpoint = await owned.findOrFail(ctx.params.id)
    if (!(await this.apiAccess.allows(endpoint.userId))) return this.#planRequired(ctx)
    const entry = await owned.withDeliveries(endpoint)
    return apiSerializer.serialize(WebhookEndpointTransformer.transform(entry))
  }

  @inject()
  async store(ctx: HttpContext, save: SaveWebhookEndpoint) {
    const userId = ctx.auth.getUserOrFail().id
    if (!(await this.apiAccess.allows(userId))) return this.#planRequired(ctx)
    const input = await ctx.request.validateUsing(createWebhookEndpointValidator)
    const result = await save.create(userId, input)
    if (result.status !== 'created') return this.#refused(ctx, result)
    if (!isApiRequest(ctx)) {
      ctx.session.flash(NEW_WEBHOOK_FLASH, { id: result.endpoint.id, secret: result.secret })
    }
    const entry = await new OwnedWebhookEndpoints(userId).withDeliveries(result.endpoint)
    const endpoint = await apiSerializer.serialize(WebhookEndpointTransformer.transform(entry))
    return new WriteAnswer(ctx).done(
      201,
      { endpoint, secret: result.secret },
      WEBHOOK_MESSAGES.created,
      '/profile'
    )
  }

  @inject()
  async update(ctx: HttpContext, save: SaveWebhookEndpoint) {
    const owned = new OwnedWebhookEndpoints(ctx.auth.getUserOrFail().id)
    const endpoint = await owned.findOrFail(ctx.params.id)
    if (!(await this.apiAccess.allows(endpoint.userId))) return this.#planRequired(ctx)
    const input = await ctx.request.validateUsing(updateWebhookEndpointValidator)
    const result = await save.update(endpoint, input)
    if (result.status !== 'saved') return this.#refused(ctx, result)
    const entry = await owned.withDeliveries(result.endpoint)
    const body = await apiSerializer.serialize(WebhookEndpointTransformer.transform(entry))
    return new WriteAnswer(ctx).done(200, body, WEBHOOK_MESSAGES.updated)
  }

  async destroy(ctx: HttpContext) {
    const endpoint = await new OwnedWebhookEndpoints(ctx.auth.getUserOrFail().id).findOrFail(
      ctx.params.id
    )
    await endpoint.delete()
    return new WriteAnswer(ctx).done(
      200,
      { message: WEBHOOK_MESSAGES.deleted },
      WEBHOOK_MESSAGES.deleted
    )
  }

  @inject()
  async resend(ctx: HttpContext, resend: ResendWebhookDelivery) {
    const userId = ctx.auth.getUserOrFail().id
    const delivery = await new OwnedWebhookEndpoints(userId).deliveryOrFail(ctx.params.id)
    if (!(await this.apiAccess.allows(userId))) return this.#planRequired(ctx)
    const result = await resend.handle(delivery)
    const answer = new WriteAnswer(ctx)
    switch (result.status) {
      case 'queued':
        return answer.done(202, deliveryLogLine(result.delivery), WEBHOOK_MESSAGES.resent)
      case 'pending':
        return answer.refused(409, { message: WEBHOOK_MESSAGES.stillSending })
    }
  }

  #planRequired(ctx: HttpContext) {
    return new WriteAnswer(ctx).refused(403, { message: WEBHOOK_MESSAGES.planRequired })
  }

  #refused(ctx: HttpContext, result: WebhookEndpointRefusal) {
    const answer = new WriteAnswer(ctx)
    switch (result.status) {
      case 'address_refused':
        return answer.fieldError('url', result.message)
      case 'too_many':
        return answer.refused(409, { message: WEBHOOK_MESSAGES.tooMany })
    }
  }
}
