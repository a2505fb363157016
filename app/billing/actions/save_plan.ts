import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Plan from '#billing/models/plan'
import { toCents } from '#billing/money'
import type { PlanSlug } from '#billing/plan_catalogue'

export type PlanInput = {
  name: string
  stripePriceId: string
  /** Dollars. */
  price: number
  interval?: 'month' | 'year'
  credits?: number
  /** A list, or the form's comma-separated text. */
  features?: string | string[]
  tier?: PlanSlug
}

export type SavePlanResult =
  | { status: 'saved'; plan: Plan }
  | { status: 'not_found' }
  /** Another plan is sold at this Stripe price: an invoice names its plan by price. */
  | { status: 'price_taken'; by: Plan }

/**
 * An operator's plan, added or edited (`planId`). A new plan's slug is made
 * from its name, unique among the plans; an edit keeps the slug. A Stripe
 * price belongs to one plan (docs/billing.md, Stripe ids are links): saves
 * naming the same price wait for each other, and the second is refused.
 */
export class SavePlan {
  async handle(input: PlanInput, planId?: number): Promise<SavePlanResult> {
    return db.transaction(async (trx) => {
      const plan =
        planId === undefined
          ? new Plan()
          : await Plan.query({ client: trx }).where('id', planId).forUpdate().first()
      if (!plan) return { status: 'not_found' as const }
      const holder = await priceHolder(input.stripePriceId, plan, trx)
      if (holder) return { status: 'price_taken' as const, by: holder }

      plan.useTransaction(trx)
      plan.merge({
        name: input.name,
        stripePriceId: input.stripePriceId,
        priceCents: toCents(input.price),
        interval: input.interval ?? plan.interval ?? 'month',
        credits: input.credits ?? 0,
        features: featureList(input.features ?? []),
        tier: input.tier ?? plan.tier ?? (input.price === 0 ? 'free' : 'pro'),
      })
      if (!plan.$isPersisted) {
        await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', ['plans:slug'])
        plan.merge({
          slug: await freeSlug(input.name, trx),
          renderQuality: '1080p',
          watermark: false,
          sortOrder: await nextSortOrder(trx),
        })
        const catalogue = await Plan.query({ client: trx }).where('slug', plan.tier).first()
        if (catalogue) {
          plan.merge({ renderQuality: catalogue.renderQuality, watermark: catalogue.watermark })
        }
      }
      await plan.save()
      return { status: 'saved' as const, plan }
    })
  }
}

/** The other plan sold at this Stripe price, if any. */
async function priceHolder(stripePriceId: string, plan: Plan, trx: TransactionClientContract) {
  await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', [
    `plans:stripe-price:${stripePriceId}`,
  ])
  const query = Plan.query({ client: trx }).where('stripe_price_id', stripePriceId)
  if (plan.$isPersisted) query.whereNot('id', plan.id)
  return query.first()
}

/** Blanks dropped, each feature trimmed. */
function featureList(value: string | string[]) {
  const items = Array.isArray(value) ? value : value.split(',')
  return items.map((item) => item.trim()).filter((item) => item.length > 0)
}

async function freeSlug(name: string, trx: TransactionClientContract) {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'plan'
  const rows: { slug: string }[] = await trx
    .from('plans')
    .where('slug', 'like', `${base}%`)
    .select('slug')
  const taken = new Set(rows.map((row) => row.slug))
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

async function nextSortOrder(trx: TransactionClientContract) {
  const row = await trx.from('plans').max('sort_order as max').first()
  return (row?.max ?? -1) + 1
}
