import CreditPack from '#billing/models/credit_pack'

export class ListCreditPacks {
  /** Packs on sale, by sort order (GET /api/credit-packs, /billing, /plans). */
  async active() {
    return CreditPack.query().where('is_active', true).orderBy('sort_order').orderBy('id')
  }

  /** Every pack, on sale or not, for the operator. */
  async all() {
    return CreditPack.query().orderBy('sort_order').orderBy('id')
  }
}
