import { BaseTransformer } from '@adonisjs/core/transformers'
import type CreditPack from '#billing/models/credit_pack'
import { toDollars } from '#billing/money'

export default class CreditPackTransformer extends BaseTransformer<CreditPack> {
  /** The credit pack of spec §3, price in dollars. */
  toObject() {
    return {
      id: this.resource.id,
      credits: this.resource.credits,
      price: toDollars(this.resource.priceCents),
      sortOrder: this.resource.sortOrder,
      isActive: this.resource.isActive,
    }
  }
}
