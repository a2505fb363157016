import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#auth/models/user'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { ListCreditPacks } from '#billing/queries/list_credit_packs'
import { ListPayments } from '#billing/queries/list_payments'
import { ListPlans } from '#billing/queries/list_plans'
import { cheapestCover } from '#billing/queries/plan_coverage'
import { CurrentSubscription } from '#billing/queries/current_subscription'
import { BillingAccounts } from '#billing/services/billing_accounts'
import BillingAccountTransformer from '#billing/transformers/billing_account_transformer'
import CreditPackTransformer from '#billing/transformers/credit_pack_transformer'
import PaymentTransformer from '#billing/transformers/payment_transformer'
import PlanTransformer from '#billing/transformers/plan_transformer'
import { plansPageValidator } from '#billing/validators/plans_page'

/**
 * /billing and /plans (docs/product.md), from the same queries and transformers as
 * GET /api/plans, /api/credit-packs and /api/payments.
 */
export default class BillingPagesController {
  async billing({ auth, inertia, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { plans, packs, account, gateway } = await this.#catalogue(user)
    const payments = await new ListPayments().forUser(user.id)
    const checkout = request.qs().checkout
    return inertia.render('billing/billing', {
      account,
      plans: PlanTransformer.transform(plans),
      packs: CreditPackTransformer.transform(packs),
      payments: PaymentTransformer.transform(payments),
      testMode: gateway.name !== 'stripe',
      checkout: checkout === 'success' || checkout === 'cancelled' ? checkout : null,
    })
  }

  async plans({ auth, inertia, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { plans, packs, account, gateway } = await this.#catalogue(user)
    const [invalid, query] = await plansPageValidator.tryValidate(request.qs())
    const need = invalid ? null : (query.need ?? null)
    const cover = need === null ? null : cheapestCover(need, plans, packs)
    return inertia.render('billing/plans', {
      account,
      plans: PlanTransformer.transform(plans),
      packs: CreditPackTransformer.transform(packs),
      testMode: gateway.name !== 'stripe',
      need,
      cheapestPackId: cover?.pack?.id ?? null,
      cheapestPlanId: cover?.plan?.id ?? null,
    })
  }

  async #catalogue(user: User) {
    const listPlans = new ListPlans()
    const billing = await new BillingAccounts().of(user.id)
    const [plans, packs, current, subscription, gateway] = await Promise.all([
      listPlans.monthly(),
      new ListCreditPacks().active(),
      listPlans.current(billing.plan),
      new CurrentSubscription().of(billing),
      app.container.make(PaymentGateway),
    ])
    const account = BillingAccountTransformer.transform({
      account: billing,
      plan: current,
      subscription,
    })
    return { plans, packs, account, gateway }
  }
}
