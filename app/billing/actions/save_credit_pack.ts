import CreditPack from '#billing/models/credit_pack'
import { toCents } from '#billing/money'

export type CreditPackInput = {
  credits: number
  /** Dollars. */
  price: number
  sortOrder?: number
  isActive?: boolean
}

export type SaveCreditPackResult = { status: 'saved'; pack: CreditPack } | { status: 'not_found' }

/** A credit pack added, or edited (`packId`); sort order defaults to 0. */
export class SaveCreditPack {
  async handle(input: CreditPackInput, packId?: number): Promise<SaveCreditPackResult> {
    const pack = packId === undefined ? new CreditPack() : await CreditPack.find(packId)
    if (!pack) return { status: 'not_found' }

    pack.merge({
      credits: input.credits,
      priceCents: toCents(input.price),
      sortOrder: input.sortOrder ?? 0,
      isActive: input.isActive ?? pack.isActive ?? true,
    })
    await pack.save()
    return { status: 'saved', pack }
  }
}
