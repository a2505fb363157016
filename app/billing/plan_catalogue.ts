import type { RenderQuality } from '#billing/models/plan'

/**
 * The catalogue `plans:seed` writes (docs/decisions.md): credits are seconds of
 * video, so pro's 40 and agency's 200 thirty-second videos become 1200 and
 * 6000 credits; each plan says its render quality and watermark. Admins may
 * change all of it later. Money in cents.
 */
/**
 * The plan card's line about brand kits, derived from the plan's
 * `brandLimit` (never typed as a feature): "Multi-brand support" where the
 * plan allows several; a plan with one kit or none keeps the card it had.
 */
export function brandFeature(brandLimit: number) {
  return brandLimit > 1 ? 'Multi-brand support' : null
}

/** The feature line that opens the agency API to a plan's users (PlanEffects.apiAccess). */
export const API_ACCESS_FEATURE = 'API access'

export const PLAN_SLUGS = ['free', 'pro', 'agency'] as const
export type PlanSlug = (typeof PLAN_SLUGS)[number]

export const DEFAULT_PLANS: {
  slug: PlanSlug
  tier: PlanSlug
  name: string
  priceCents: number
  interval: 'month'
  credits: number
  features: string[]
  renderQuality: RenderQuality
  watermark: boolean
  brandLimit: number
  sortOrder: number
}[] = [
  {
    slug: 'free',
    tier: 'free',
    name: 'Free',
    priceCents: 0,
    interval: 'month',
    credits: 10,
    features: ['720p', 'Watermark'],
    renderQuality: '720p',
    watermark: true,
    brandLimit: 0,
    sortOrder: 0,
  },
  {
    slug: 'pro',
    tier: 'pro',
    name: 'Pro',
    priceCents: 900,
    interval: 'month',
    credits: 1200,
    features: ['40 videos/month', '1080p HD', 'No watermark'],
    renderQuality: '1080p',
    watermark: false,
    brandLimit: 1,
    sortOrder: 1,
  },
  {
    slug: 'agency',
    tier: 'agency',
    name: 'Agency',
    priceCents: 2900,
    interval: 'month',
    credits: 6000,
    features: ['200 videos/month', '4K Ultra HD', API_ACCESS_FEATURE],
    renderQuality: '2160p',
    watermark: false,
    brandLimit: 25,
    sortOrder: 2,
  },
]

/** A few one-off packs: a 30-second video, five of them, twenty of them. */
export const DEFAULT_CREDIT_PACKS: { credits: number; priceCents: number; sortOrder: number }[] = [
  { credits: 30, priceCents: 300, sortOrder: 0 },
  { credits: 150, priceCents: 1200, sortOrder: 1 },
  { credits: 600, priceCents: 3900, sortOrder: 2 },
]
