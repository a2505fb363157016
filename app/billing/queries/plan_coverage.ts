import type CreditPack from '#billing/models/credit_pack'
import type Plan from '#billing/models/plan'

/**
 * For someone `need` credits short (the insufficient-credits dialog sends
 * them to /plans?need=N): the cheapest pack and the cheapest paid plan that
 * cover it.
 */
export function cheapestCover(need: number, plans: Plan[], packs: CreditPack[]) {
  const cheapest = <T extends { priceCents: number; credits: number }>(items: T[]) =>
    items
      .filter((item) => item.credits >= need)
      .sort((a, b) => a.priceCents - b.priceCents || a.credits - b.credits)[0] ?? null
  return {
    pack: cheapest(packs),
    plan: cheapest(plans.filter((plan) => !plan.isFree)),
  }
}
