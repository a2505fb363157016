import { inject } from '@adonisjs/core'
import { OwnedBrands, type BrandEntry } from '#studio/queries/owned_brands'
import { SignedMedia } from '#studio/services/signed_media'
import BrandTransformer from '#studio/transformers/brand_transformer'

/**
 * A user's brand kits as the studio shows them, their logos signed once:
 * shared by /brands, GET /api/brands and list_brands, and the answers to
 * the kit's writes.
 */
@inject()
export class BrandViews {
  constructor(private signedMedia: SignedMedia) {}

  /** Every kit, oldest first, with the plan's limit it was counted against. */
  async list(userId: number) {
    const { entries, limit } = await new OwnedBrands(userId).listWithLimit()
    return { brands: await this.#transform(userId, entries), limit, count: entries.length }
  }

  async one(userId: number, id: number) {
    const entry = await new OwnedBrands(userId).entryOrFail(id)
    return BrandTransformer.transform(entry, await this.#logos(userId, [entry]))
  }

  async #transform(userId: number, entries: BrandEntry[]) {
    return BrandTransformer.transform(entries, await this.#logos(userId, entries))
  }

  #logos(userId: number, entries: BrandEntry[]) {
    return this.signedMedia.forLogos(
      userId,
      entries.map(({ brand }) => brand.logoPictureId)
    )
  }
}
