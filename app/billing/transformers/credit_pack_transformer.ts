import { BaseTransformer } from '@adonisjs/core/transformers'
import type CreditPack from '#billing/models/credit_pack'
import { toDollars } from '#billing/money'

export default class CreditPackTransformer extends BaseTransformer<CreditPack> {
  /** A credit pack as Billing, Plans and Admin show it, price in dollars. */
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
