import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SettleFalRequest } from '#media/actions/settle_fal_request'
import { ProviderError } from '#media/providers/contracts'
import { FalWebhookVerifier } from '#media/providers/fal/fal_webhook'
import { falWebhookValidator } from '#media/validators/fal_webhook'

/**
 * fal.ai's deliveries for requests submitted with a webhook (PUBLIC_URL set).
 * Any answer but 2xx makes fal deliver again: a forgery (401), keys that
 * could not be fetched (503) and a signed body that is not a delivery (422)
 * are refused; everything else is acknowledged.
 */
@inject()
export default class FalWebhooksController {
  constructor(
    private verifier: FalWebhookVerifier,
    private settleFalRequest: SettleFalRequest
  ) {}

  async store({ request, response }: HttpContext) {
    const signature = await this.#signature(request)
    if (signature === 'keys_unavailable') {
      return response.serviceUnavailable({ message: 'Webhook keys unavailable, deliver again' })
    }
    if (signature === 'invalid') {
      return response.unauthorized({ message: 'Invalid webhook signature' })
    }
    const delivery = await request.validateUsing(falWebhookValidator)
    const result = await this.settleFalRequest.handle({
      requestId: delivery.request_id,
      status: delivery.status,
    })
    return response.ok({ result })
  }

  /** The signature covers the body byte for byte, so it is checked on the raw text. */
  async #signature(request: HttpContext['request']) {
    try {
      const valid = await this.verifier.verify({
        headers: request.headers(),
        rawBody: request.raw() ?? '',
      })
      return valid ? 'valid' : 'invalid'
    } catch (error) {
      if (error instanceof ProviderError) return 'keys_unavailable'
      throw error
    }
  }
}
