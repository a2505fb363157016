import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { toDollars } from '#billing/money'
import { LocalCheckout } from '#billing/services/local_checkout'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'

/**
 * The offline checkout page (no STRIPE_SECRET_KEY): the order, plainly a
 * test, with Pay and Cancel. Both send Stripe-format events through the
 * real webhook handler, then return where Stripe would send the browser.
 */
@inject()
export default class TestCheckoutController {
  constructor(private checkout: LocalCheckout) {}

  async show({ auth, inertia, params, response }: HttpContext) {
    const found = await this.checkout.find(params.sessionId, auth.getUserOrFail().id)
    if (!found) {
      return response.notFound()
    }
    const { order, session } = found
    return inertia.render('billing/test_checkout', {
      sessionId: session.id,
      status: session.status ?? 'open',
      mode: session.mode,
      name: order.name,
      description: order.description,
      subtotal: toDollars(order.subtotalCents),
      coupon: order.coupon ?? null,
      total: toDollars(session.amount_total ?? order.subtotalCents),
    })
  }

  async pay({ auth, params, response, session }: HttpContext) {
    const userId = auth.getUserOrFail().id
    await this.#findOrFail(params.sessionId, userId)
    const paid = await this.checkout.pay(params.sessionId, userId)
    switch (paid.status) {
      case 'closed':
        session.flash('error', 'This checkout is no longer open.')
        return response.redirect('/billing')
      case 'coupon_used_up':
        session.flash(
          'error',
          'The coupon has no uses left, so nothing was charged. Start a new checkout without it.'
        )
        return response.redirect('/billing')
      case 'interrupted':
        session.flash('error', 'The payment could not be completed just now. Press Pay again.')
        return response.redirect(`/billing/test-checkout/${params.sessionId}`)
      case 'paid':
        return response.redirect(paid.session.success_url ?? '/billing')
    }
  }

  async cancel({ auth, params, response, session }: HttpContext) {
    const userId = auth.getUserOrFail().id
    await this.#findOrFail(params.sessionId, userId)
    const expired = await this.checkout.cancel(params.sessionId, userId)
    if (!expired) {
      session.flash('error', 'This checkout is no longer open.')
      return response.redirect('/billing')
    }
    return response.redirect(expired.cancel_url ?? '/billing')
  }

  /** Someone else's checkout is missing, as any other user's row is (404). */
  async #findOrFail(sessionId: string, userId: number) {
    if (!(await this.checkout.find(sessionId, userId))) {
      throw new MissingResourceException('checkout')
    }
  }
}
