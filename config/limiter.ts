import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import { DatabaseLimiterStore } from '#core/services/database_limiter_store'

/**
 * Limits must hold across web processes: Redis when configured, else the
 * database. Never process memory.
 */
const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'database',
  stores: {
    redis: stores.redis({ connectionName: 'main' }),
    database: (options: LimiterConsumptionOptions) => new DatabaseLimiterStore(options),
  },
})

export default limiterConfig

/**
 * Per-user limits on the requests that pay a provider (fal's LLM, stills and
 * clips; ElevenLabs) or cost the servers real work (a creator's pictures),
 * counted per attempt before the call is made. Generous
 * for real use; an (N+1)th request within the window gets 429 + Retry-After.
 * Generate Final Video is not here: it spends the user's own credits.
 */
export const paidCallLimits = {
  /** POST /api/generate-script: one LLM call. */
  script: { requests: 10, duration: '1 min' },
  /** POST /api/scenes/:id/generate: one still. */
  sceneStill: { requests: 10, duration: '1 min' },
  /** POST /api/projects: in AI-images mode, a still for every scene. */
  project: { requests: 10, duration: '1 min' },
  /** POST /api/voice-preview: one short synthesis. */
  voicePreview: { requests: 30, duration: '1 min' },
  /**
   * Image to Video: a project takes up to 30 pictures, so 60 a minute leave
   * room for a full set and its retries. POST /api/pictures/uploads: an
   * upload URL (storage, and the sweep of stale uploads).
   */
  pictureUpload: { requests: 60, duration: '1 min' },
  /** POST /api/pictures: decodes and re-encodes one picture. */
  picture: { requests: 60, duration: '1 min' },
  /** POST /api/pictures/import: a download from somewhere else, then the same work. */
  pictureImport: { requests: 30, duration: '1 min' },
} satisfies Record<string, LimiterConsumptionOptions>

export type PaidCall = keyof typeof paidCallLimits

/**
 * Every request an agency API token makes, whatever the route, counted per
 * token (on top of the paid-call limits of its user). The 61st within a
 * minute gets 429 + Retry-After.
 */
export const apiTokenLimit = {
  requests: 60,
  duration: '1 min',
} satisfies LimiterConsumptionOptions

/**
 * Creating and revoking personal access tokens on /profile, counted per user
 * and per kind of change: the 11th creation (or revocation) within a minute
 * gets 429 + Retry-After.
 */
export const apiTokenChangeLimit = {
  requests: 10,
  duration: '1 min',
} satisfies LimiterConsumptionOptions

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
