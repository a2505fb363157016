import type { ApplicationService } from '@adonisjs/core/types'
import { Captcha } from '#auth/services/captcha'
import { WebhookEvents } from '#core/webhooks/webhook_events'

export default class AuthModuleProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(Captcha, async () => {
      const { signIn } = await import('#config/auth')
      return new Captcha(signIn.captcha)
    })

    // Studio and billing publish webhook events; auth owns the endpoints they go to.
    this.app.container.bind(WebhookEvents, async (resolver) => {
      const { WebhookOutbox } = await import('#auth/services/webhook_outbox')
      return resolver.make(WebhookOutbox)
    })
  }
}
