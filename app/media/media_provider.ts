import type { ApplicationService } from '@adonisjs/core/types'
import type { AiConfig } from '#config/ai'
import { reportComponent } from '#core/boot_report'
import { describeFfmpeg } from '#media/ffmpeg/binaries'
import { AiProviders } from '#media/providers/ai_providers'
import { FalWebhookVerifier } from '#media/providers/fal/fal_webhook'

export default class MediaProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(AiProviders, () => {
      return new AiProviders(this.app.config.get<AiConfig>('ai'))
    })
    this.app.container.singleton(FalWebhookVerifier, () => {
      return new FalWebhookVerifier(this.app.config.get<AiConfig>('ai').fal.webhookJwksUrl)
    })
  }

  boot() {
    reportComponent('ffmpeg', describeFfmpeg)
  }
}
