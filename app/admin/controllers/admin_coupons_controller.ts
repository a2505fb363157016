import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { SaveCoupon, type SaveCouponResult } from '#billing/actions/save_coupon'
import { ListCoupons } from '#billing/queries/list_coupons'
import CouponTransformer from '#billing/transformers/coupon_transformer'
import { couponPatchValidator, couponValidator } from '#billing/validators/catalogue'
import { fieldError } from '#admin/controllers/responses'

/** /api/admin/coupons over billing's SaveCoupon. */
export default class AdminCouponsController {
  async index() {
    return apiSerializer.serialize(CouponTransformer.transform(await new ListCoupons().all()))
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(couponValidator)
    return this.#answer(response, await new SaveCoupon().handle(input), 201)
  }

  /** The whole form, or only isActive (Enable/Disable). */
  async update({ params, request, response }: HttpContext) {
    const input = await request.validateUsing(couponPatchValidator)
    return this.#answer(response, await new SaveCoupon().handle(input, Number(params.id)), 200)
  }

  async #answer(response: HttpContext['response'], result: SaveCouponResult, status: 200 | 201) {
    switch (result.status) {
      case 'saved':
        return response
          .status(status)
          .json(await apiSerializer.serialize(CouponTransformer.transform(result.coupon)))
      case 'not_found':
        return response.notFound({ message: 'Coupon not found' })
      case 'code_taken':
        return fieldError(response, 'code', 'A coupon with this code already exists')
      case 'invalid_discount':
        return fieldError(response, 'discountValue', result.message)
    }
  }
}
