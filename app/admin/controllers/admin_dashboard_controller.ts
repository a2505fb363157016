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
  /**
   * /admin. The statistics are read only when asked for: a catalogue form's
   * visit reloads its own list, not them. (The lists are read one after the
   * other, so a page view holds one pooled connection at a time.)
   */
  async show({ inertia, request }: HttpContext) {
    const plans = PlanTransformer.transform(await new ListPlans().all()).useVariant('forAdmin')
    const coupons = CouponTransformer.transform(await new ListCoupons().all())
    const creditPacks = CreditPackTransformer.transform(await new ListCreditPacks().all())
    return inertia.render('admin/dashboard', {
      stats: async () =>
        AdminStatsTransformer.transform(
          await new AdminStats().forPage(await requestedPage(request))
        ),
      apiConfiguration: ApiConfigurationTransformer.transform(new ReadApiConfiguration().get()),
      plans,
      coupons,
      creditPacks,
    })
  }

  /** GET /api/admin/stats */
  async stats({ request }: HttpContext) {
    const stats = await new AdminStats().forPage(await requestedPage(request))
    return apiSerializer.serialize(AdminStatsTransformer.transform(stats))
  }
}
