import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { SaveBrand } from '#studio/actions/save_brand'
import { DeleteBrand } from '#studio/actions/delete_brand'
import { OwnedBrands } from '#studio/queries/owned_brands'
import { BrandViews } from '#studio/services/brand_views'
import { BRAND_DELETED, BRAND_DUPLICATED, BRAND_SAVED, saveBrandRefusal } from '#studio/answers'
import { createBrandValidator, updateBrandValidator } from '#studio/validators/brand'

/** A creator's brand kits (docs/product.md, Brand kits), each scoped to its owner. */
@inject()
export default class BrandsController {
  constructor(private views: BrandViews) {}

  async index({ auth }: HttpContext) {
    const { brands } = await this.views.list(auth.getUserOrFail().id)
    return apiSerializer.serialize(brands)
  }

  async show({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.views.one(auth.getUserOrFail().id, params.id))
  }

  @inject()
  async store(ctx: HttpContext, saveBrand: SaveBrand) {
    const input = await ctx.request.validateUsing(createBrandValidator)
    const user = ctx.auth.getUserOrFail()
    const result = await saveBrand.create(user.id, input)
    return this.#saved(ctx, result, 201, BRAND_SAVED)
  }

  @inject()
  async update(ctx: HttpContext, saveBrand: SaveBrand) {
    const brands = new OwnedBrands(ctx.auth.getUserOrFail().id)
    const brand = await brands.findOrFail(ctx.params.id)
    const input = await ctx.request.validateUsing(updateBrandValidator)
    return this.#saved(ctx, await saveBrand.update(brand, input), 200, BRAND_SAVED)
  }

  @inject()
  async duplicate(ctx: HttpContext, saveBrand: SaveBrand) {
    const brand = await new OwnedBrands(ctx.auth.getUserOrFail().id).findOrFail(ctx.params.id)
    return this.#saved(ctx, await saveBrand.duplicate(brand), 201, BRAND_DUPLICATED)
  }

  @inject()
  async destroy(ctx: HttpContext, deleteBrand: DeleteBrand) {
    const brand = await new OwnedBrands(ctx.auth.getUserOrFail().id).findOrFail(ctx.params.id)
    await deleteBrand.handle(brand)
    return new WriteAnswer(ctx).done(200, { message: BRAND_DELETED }, BRAND_DELETED)
  }

  async #saved<const Status extends 200 | 201>(
    ctx: HttpContext,
    result: Awaited<ReturnType<SaveBrand['create']>>,
    status: Status,
    message: string
  ) {
    const answer = new WriteAnswer(ctx)
    if (result.status !== 'saved') {
      const refusal = saveBrandRefusal(result)
      return answer.refused(refusal.status, { message: refusal.message })
    }
    const brand = await this.views.one(result.brand.userId, result.brand.id)
    return answer.done(status, await apiSerializer.serialize(brand), message)
  }
}
