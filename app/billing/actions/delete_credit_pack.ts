import CreditPack from '#billing/models/credit_pack'

/** Removes a credit pack; its past payments keep their credits and amounts. */
export class DeleteCreditPack {
  async handle(packId: number): Promise<'deleted' | 'not_found'> {
    const pack = await CreditPack.find(packId)
    if (!pack) return 'not_found'
    await pack.delete()
    return 'deleted'
  }
}
