import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { AiProviders } from '#media/providers/ai_providers'
import VoiceProviderTransformer from '#media/transformers/voice_provider_transformer'
import { voicePreviewValidator } from '#media/validators/voice_preview'
import { voiceListValidator } from '#media/validators/voice_list'

@inject()
export default class VoicesController {
  constructor(private ai: AiProviders) {}

  async index({ request }: HttpContext) {
    const { language } = await request.validateUsing(voiceListValidator)
    return apiSerializer.serialize(
      VoiceProviderTransformer.transform(await this.ai.voiceCatalog.providers(language))
    )
  }

  async preview({ request, response }: HttpContext) {
    const { provider, voiceId } = await request.validateUsing(voicePreviewValidator)
    const clip = await this.ai.voiceCatalog.preview(provider, voiceId)
    if (!clip) {
      return response.notFound({ message: 'Voice not found' })
    }
    return response.header('content-type', clip.contentType).ok(clip.data)
  }
}
