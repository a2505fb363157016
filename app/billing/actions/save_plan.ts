import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import Plan from '#billing/models/plan'
import { toCents } from '#billing/money'
import type { PlanSlug } from '#billing/plan_catalogue'

export type PlanInput = {
  name: string
  /** Needed with Stripe; test mode has no Stripe prices (docs/decisions.md). */
  stripePriceId?: string | null
  /** Dollars. */
  price: number
  interval?: 'month' | 'year'
  credits?: number
  /** A list, or text with one feature a line (a comma belongs to its feature: "3,000 credits"). */
  features?: string | string[]
  tier?: PlanSlug
  /** How many brand kits its subscribers may choose; an edit keeps the plan's when left out. */
  brandLimit?: number
}

export type SavePlanResult =
  | { status: 'saved'; plan: Plan }
  | { status: 'not_found' }
  /** Another plan is sold at this Stripe price: an invoice names its plan by price. */
  | { status: 'price_taken'; by: Plan }
  /** With Stripe a paid plan is sold at its Stripe price. */
  | { status: 'price_id_required' }
  /** Customers are offered monthly plans only: a yearly one could never be bought. */
  | { status: 'yearly_not_offered' }

/**
 * An operator's plan, added or edited (`planId`). A new plan's slug is made
 * from its name, unique among the plans; an edit keeps the slug. In test
 * mode (no Stripe keys) a plan needs no Stripe price; yearly plans are
 * refused, since customers are only ever offered monthly ones
 * (docs/decisions.md). A Stripe price belongs to one plan (docs/billing.md,
 * Stripe ids are links): saves naming the same price wait for each other,
 * and the second is refused.
 */
@inject()
export class SavePlan {
  constructor(private gateway: PaymentGateway) {}

  async handle(input: PlanInput, planId?: number): Promise<SavePlanResult> {
    const stripePriceId = input.stripePriceId?.trim() || null
    // A free plan is never checked out, so it has no price in Stripe either.
    if (this.gateway.name === 'stripe' && input.price > 0 && stripePriceId === null) {
      return { status: 'price_id_required' }
    }
    return db.transaction(async (trx) => {
      const plan =
        planId === undefined
          ? new Plan()
          : await Plan.query({ client: trx }).where('id', planId).forUpdate().first()
      if (!plan) return { status: 'not_found' as const }
      // An operator's earlier yearly plan is kept until it is made monthly.
      const interval = input.interval ?? plan.interval ?? 'month'
      if (interval === 'year') return { status: 'yearly_not_offered' as const }
      const holder = stripePriceId && (await priceHolder(stripePriceId, plan, trx))
      if (holder) return { status: 'price_taken' as const, by: holder }

      plan.useTransaction(trx)
      plan.merge({
        name: input.name,
        stripePriceId,
        priceCents: toCents(input.price),
        interval,
        credits: input.credits ?? 0,
        features: featureList(input.features ?? []).filter((feature) => !isBrandLine(feature)),
        brandLimit: input.brandLimit ?? plan.brandLimit ?? 0,
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

/** One feature a line (or list item), each trimmed, blanks dropped. */
function featureList(value: string | string[]) {
  const items = Array.isArray(value) ? value : value.split(/\r?\n/)
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

/**
 * A typed line that would claim brand kits: the cards derive that line from
 * the brand limit, so typed text never promises brands the plan lacks.
 */
function isBrandLine(feature: string) {
  const line = feature.trim().toLowerCase()
  return line === 'multi-brand support'
}
