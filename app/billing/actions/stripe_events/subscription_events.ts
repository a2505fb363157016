import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import type { SubscriptionFields } from '#billing/validators/stripe_events'
import {
  StripeEventRows,
  idOf,
  ignoreUnknown,
} from '#billing/actions/stripe_events/stripe_event_rows'

/** `customer.subscription.*`: the plan follows the subscription as the gateway now reads it. */
@inject()
export class SubscriptionEvents {
  constructor(private rows: StripeEventRows) {}

  async changed(
    subscription: SubscriptionFields,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const account = await this.rows.lockAccount(trx, {
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.userId,
    })
    if (!account) return ignoreUnknown('subscription', subscription.id)
    await this.rows.applySubscription(
      account,
      // Gone from the gateway altogether: it has ended.
      snapshot ?? { ...toSnapshot(subscription), status: 'canceled' },
      trx
    )
  }
}

function toSnapshot(subscription: SubscriptionFields): SubscriptionSnapshot {
  return {
    id: subscription.id,
    status: subscription.status ?? 'canceled',
    customerId: idOf(subscription.customer) ?? '',
    priceId: subscription.items?.data[0]?.price.id ?? null,
    metadata: subscription.metadata ?? {},
    currentPeriodEnd: null,
    endsAt: null,
  }
}
