import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { AdminStats } from '#admin/queries/admin_stats'
import { ReadApiConfiguration } from '#admin/queries/api_configuration'
import AdminStatsTransformer from '#admin/transformers/admin_stats_transformer'
import ApiConfigurationTransformer from '#admin/transformers/api_configuration_transformer'
import { statsPageValidator } from '#admin/validators/stats'
import { ListCoupons } from '#billing/queries/list_coupons'
import { ListCreditPacks } from '#billing/queries/list_credit_packs'
import { ListPlans } from '#billing/queries/list_plans'
import CouponTransformer from '#billing/transformers/coupon_transformer'
import CreditPackTransformer from '#billing/transformers/credit_pack_transformer'
import PlanTransformer from '#billing/transformers/plan_transformer'

async function requestedPage(request: HttpContext['request']) {
  const [, page] = await statsPageValidator.tryValidate(request.qs().page)
  return page ?? 1
}

export default class AdminDashboardController {
  /** /admin */
  async show({ inertia, request }: HttpContext) {
    const stats = await new AdminStats().forPage(await requestedPage(request))
    return inertia.render('admin/dashboard', {
      stats: AdminStatsTransformer.transform(stats),
      apiConfiguration: ApiConfigurationTransformer.transform(new ReadApiConfiguration().get()),
      plans: PlanTransformer.transform(await new ListPlans().all()).useVariant('forAdmin'),
      coupons: CouponTransformer.transform(await new ListCoupons().all()),
      creditPacks: CreditPackTransformer.transform(await new ListCreditPacks().all()),
    })
  }

  /** GET /api/admin/stats */
  async stats({ request }: HttpContext) {
    const stats = await new AdminStats().forPage(await requestedPage(request))
    return apiSerializer.serialize(AdminStatsTransformer.transform(stats))
  }
}
