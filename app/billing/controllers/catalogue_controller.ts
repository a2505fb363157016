import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { ListCreditPacks } from '#billing/queries/list_credit_packs'
import { ListPayments } from '#billing/queries/list_payments'
import { ListPlans } from '#billing/queries/list_plans'
import CreditPackTransformer from '#billing/transformers/credit_pack_transformer'
import PaymentTransformer from '#billing/transformers/payment_transformer'
import PlanTransformer from '#billing/transformers/plan_transformer'

/** GET /api/plans, /api/credit-packs and /api/payments (docs/product.md, Routes). */
export default class CatalogueController {
  async plans() {
    return apiSerializer.serialize(PlanTransformer.transform(await new ListPlans().monthly()))
  }

  async creditPacks() {
    return apiSerializer.serialize(
      CreditPackTransformer.transform(await new ListCreditPacks().active())
    )
  }

  async payments({ auth }: HttpContext) {
    const payments = await new ListPayments().forUser(auth.getUserOrFail().id)
    return apiSerializer.serialize(PaymentTransformer.transform(payments))
  }
}
