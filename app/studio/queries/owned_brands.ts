import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import { PlanEffects } from '#billing/queries/plan_effects'
import Brand from '#studio/models/brand'

/** A brand kit with whether the owner's plan lets it be chosen for a new video now. */
export type BrandEntry = { brand: Brand; choosable: boolean }

/**
 * The one way to reach a user's brand kits: scoped to their owner, so
 * another user's brand id is simply missing (404 everywhere).
 */
export class OwnedBrands {
  constructor(private userId: number) {}

  async findOrFail(id: number) {
    const brand = await Brand.query().where('user_id', this.userId).where('id', id).first()
    if (!brand) throw new MissingResourceException('brand')
    return brand
  }

  /**
   * The user's brands, oldest first, each saying whether it can be chosen
   * for a new video: as many as the plan allows, the oldest first, so a
   * downgrade keeps every brand and only limits which are offered
   * (docs/decisions.md, Brand kits).
   */
  async list(): Promise<BrandEntry[]> {
    const { entries } = await this.listWithLimit()
    return entries
  }

  /** The list, with the plan's brand limit it was counted against. */
  async listWithLimit(): Promise<{ entries: BrandEntry[]; limit: number }> {
    const [brands, limit] = await Promise.all([
      Brand.query().where('user_id', this.userId).orderBy('id'),
      new PlanEffects().brandLimit(this.userId),
    ])
    return { entries: brands.map((brand, index) => ({ brand, choosable: index < limit })), limit }
  }

  /** One brand with whether it can be chosen now. */
  async entryOrFail(id: number): Promise<BrandEntry> {
    const entries = await this.list()
    const entry = entries.find(({ brand }) => brand.id === id)
    if (!entry) throw new MissingResourceException('brand')
    return entry
  }
}
