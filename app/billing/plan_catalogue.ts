/**
 * The plan catalogue a fresh install starts with (decisions.md): credits are
 * seconds of video, so pro's 40 and agency's 200 thirty-second videos become
 * 1200 and 6000 credits. Admins may change all of it later.
 */
export const PLAN_SLUGS = ['free', 'pro', 'agency'] as const
export type PlanSlug = (typeof PLAN_SLUGS)[number]

export const DEFAULT_PLANS: {
  slug: PlanSlug
  name: string
  price: number
  interval: 'month'
  credits: number
  features: string[]
  sort_order: number
}[] = [
  {
    slug: 'free',
    name: 'Free',
    price: 0,
    interval: 'month',
    credits: 10,
    features: ['720p', 'Watermark'],
    sort_order: 0,
  },
  {
    slug: 'pro',
    name: 'Pro',
    price: 9,
    interval: 'month',
    credits: 1200,
    features: ['40 videos/month', '1080p HD', 'No watermark'],
    sort_order: 1,
  },
  {
    slug: 'agency',
    name: 'Agency',
    price: 29,
    interval: 'month',
    credits: 6000,
    features: ['200 videos/month', '4K Ultra HD', 'Multi-brand support', 'API access'],
    sort_order: 2,
  },
]
