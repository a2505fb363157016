import type { ApiOperation } from '#core/openapi/api_operations'

/** The billing module's /api routes, said once for the OpenAPI document (app/core/openapi/api_operations.ts). */
export default {
  'billing.plans.index': {
    summary: 'List plans',
    description:
      'The monthly plans on sale: each one’s price, the credits it grants a month and its features.',
  },
  'billing.credit_packs.index': {
    summary: 'List credit packs',
    description: 'The credit packs on sale, each with its credits and price, bought once.',
  },
  'billing.payments.index': {
    summary: 'List your payments',
    description:
      'Your last 50 payments, newest first: plans and credit packs, each with its credits, ' +
      'amount in dollars, status, what was refunded and why a payment could not be applied.',
  },
  'billing.checkout_sessions.store': {
    summary: 'Start a checkout',
    description:
      'Answers `url`, the checkout page to send the buyer to, for a plan (`planId`) or a credit ' +
      'pack (`credits` and `amount`), with an optional coupon. The server sets the price; ' +
      'credits arrive once the payment is confirmed.',
  },
  'billing.portal_sessions.store': {
    summary: 'Open the billing portal',
    description:
      'Answers `url`, the billing portal where the account’s subscription, card and invoices ' +
      'are managed.',
  },
} satisfies Record<string, ApiOperation>
