import Plan from '#billing/models/plan'

export class ListPlans {
  /** The plans users are shown: monthly only (docs/product.md, Billing), by sort order. */
  async monthly() {
    return Plan.query().where('interval', 'month').orderBy('sort_order').orderBy('id')
  }

  /** Every plan, monthly and yearly, for the operator. */
  async all() {
    return Plan.query().orderBy('sort_order').orderBy('id')
  }

  /** The plan a user is on now. */
  async current(slug: string) {
    return Plan.query().where('slug', slug).first()
  }
}
