import app from '@adonisjs/core/services/app'
import env from '#start/env'
import type { AiConfig } from '#config/ai'

export type ApiConfiguration = {
  aiDriver: AiConfig['driver']
  providers: { name: string; variable: string; configured: boolean }[]
}

/**
 * Which AI driver runs and which provider keys are set: never the values.
 */
export class ReadApiConfiguration {
  get(): ApiConfiguration {
    const ai = app.config.get<AiConfig>('ai')
    return {
      aiDriver: ai.driver,
      providers: [
        {
          name: 'fal.ai (stills, clips, scripts)',
          variable: 'FAL_KEY',
          configured: !!ai.fal.apiKey,
        },
        {
          name: 'ElevenLabs (voices)',
          variable: 'ELEVENLABS_API_KEY',
          configured: !!ai.elevenLabs.apiKey,
        },
        {
          name: 'Stripe (payments)',
          variable: 'STRIPE_SECRET_KEY',
          configured: !!env.get('STRIPE_SECRET_KEY'),
        },
      ],
    }
  }
}
