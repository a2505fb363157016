import env from '#start/env'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'

/**
 * Which AI back end the studio talks to. `local` needs nothing; `fal` needs
 * FAL_KEY; ElevenLabs voices come in when ELEVENLABS_API_KEY is set.
 */
export type AiConfig = {
  driver: 'local' | 'fal'
  fal: {
    apiKey: string
    baseUrl?: string
    pollIntervalMs?: number
    /** `${PUBLIC_URL}/api/webhooks/fal`: fal posts results there; unset, the worker polls. */
    webhookUrl?: string
    /** The key set webhooks are verified against; fal's own when unset. */
    webhookJwksUrl?: string
  }
  elevenLabs: { apiKey: string | null; baseUrl?: string }
  stillWidth: number
}

const publicUrl = env.get('PUBLIC_URL')?.replace(/\/+$/, '')

const aiConfig: AiConfig = {
  driver: env.get('AI_DRIVER', 'local'),
  fal: {
    apiKey: env.get('FAL_KEY')?.release() ?? '',
    baseUrl: env.get('FAL_BASE_URL'),
    webhookUrl: publicUrl && `${publicUrl}${FAL_WEBHOOK_PATH}`,
    webhookJwksUrl: env.get('FAL_JWKS_URL'),
  },
  elevenLabs: {
    apiKey: env.get('ELEVENLABS_API_KEY')?.release() ?? null,
    baseUrl: env.get('ELEVENLABS_BASE_URL'),
  },
  /** Width of generated stills; height follows the aspect ratio. */
  stillWidth: 1080,
}

export default aiConfig
