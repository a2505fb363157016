import Plan from '#billing/models/plan'

export class ListPlans {
  async monthly() {
    return Plan.query().where('interval', 'month').orderBy('sort_order').orderBy('id')
  }
}
