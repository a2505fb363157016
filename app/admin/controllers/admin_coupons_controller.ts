import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { SaveCoupon, type SaveCouponResult } from '#billing/actions/save_coupon'
import { ListCoupons } from '#billing/queries/list_coupons'
import CouponTransformer from '#billing/transformers/coupon_transformer'
import { couponPatchValidator, couponValidator } from '#billing/validators/catalogue'
import { WriteAnswer } from '#core/http/write_answer'
import { formRefusal } from '#admin/answers'

/** /api/admin/coupons and the /admin page's coupon form, over billing's SaveCoupon. */
export default class AdminCouponsController {
  async index() {
    return apiSerializer.serialize(CouponTransformer.transform(await new ListCoupons().all()))
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(couponValidator)
    const result = await new SaveCoupon().handle(input)
    return this.#answer(new WriteAnswer(ctx), result, 201, 'Coupon created successfully!')
  }

  /** The whole form, or only isActive (Enable/Disable). */
  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(couponPatchValidator)
    const result = await new SaveCoupon().handle(input, Number(ctx.params.id))
    return this.#answer(new WriteAnswer(ctx), result, 200, 'Coupon updated successfully!')
  }

  async #answer(answer: WriteAnswer, result: SaveCouponResult, status: 200 | 201, message: string) {
    switch (result.status) {
      case 'saved':
        return answer.done(
          status,
          await apiSerializer.serialize(CouponTransformer.transform(result.coupon)),
          message
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Coupon not found')
      case 'code_taken':
        return answer.fieldError('code', 'A coupon with this code already exists')
      case 'invalid_discount':
        return answer.fieldError('discountValue', result.message)
    }
  }
}
