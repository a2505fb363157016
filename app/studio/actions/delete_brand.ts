import type Brand from '#studio/models/brand'

/**
 * Deletes a brand kit. A video made with it keeps the look it was made with
 * (its own snapshot), so nothing already made changes.
 */
export class DeleteBrand {
  async handle(brand: Brand) {
    await brand.delete()
  }
}
