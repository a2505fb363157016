import env from '#start/env'

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
    /** PUBLIC_URL: fal posts results to its `/api/webhooks/fal`; unset, the worker polls. */
    publicUrl?: string
    /** The key set webhooks are verified against; fal's own when unset. */
    webhookJwksUrl?: string
  }
  elevenLabs: { apiKey: string | null; baseUrl?: string }
  stillWidth: number
}

const aiConfig: AiConfig = {
  driver: env.get('AI_DRIVER', 'local'),
  fal: {
    apiKey: env.get('FAL_KEY')?.release() ?? '',
    baseUrl: env.get('FAL_BASE_URL'),
    publicUrl: env.get('PUBLIC_URL'),
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
