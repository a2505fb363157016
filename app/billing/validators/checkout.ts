import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { described } from '#core/openapi/described'

const ID_MAX = 2_147_483_647

/**
 * POST /api/checkout/session (docs/product.md, Billing): a plan (`planId`, with its
 * `priceId`) or a credit pack (`credits` and `amount`, which only select a
 * pack: the server prices it). An optional coupon code.
 */
export const checkoutValidator = vine.create({
  planId: described(
    vine
      .number({ strict: true })
      .withoutDecimals()
      .range([1, ID_MAX])
      .optional()
      .requiredIfMissing('credits'),
    'The plan’s id, from GET /api/plans; or leave it out to buy credits.'
  ),
  priceId: described(
    vine.string().trim().maxLength(255).nullable().optional(),
    'The plan’s Stripe price id, from GET /api/plans; may be left out.'
  ),
  credits: described(
    vine
      .number({ strict: true })
      .withoutDecimals()
      .range([1, 1_000_000_000])
      .optional()
      .requiredIfMissing('planId'),
    'A credit pack’s credits, from GET /api/credit-packs, to buy that pack.'
  ),
  amount: described(
    vine.number({ strict: true }).range([0, 1_000_000]).optional().requiredIfExists('credits'),
    'The credit pack’s price in dollars, from GET /api/credit-packs: it selects the pack; the ' +
      'server sets the price.'
  ),
  couponCode: described(
    vine.string().trim().toUpperCase().maxLength(40).nullable().optional(),
    'A coupon code to apply, in any case; may be left out.'
  ),
})
checkoutValidator.messagesProvider = new SimpleMessagesProvider({
  'planId.required': 'Choose a plan or a credit pack.',
  'credits.required': 'Choose a plan or a credit pack.',
  'planId.number': 'Unknown plan.',
  'planId.withoutDecimals': 'Unknown plan.',
  'planId.range': 'Unknown plan.',
  'credits.number': 'This credit pack is not available.',
  'credits.withoutDecimals': 'This credit pack is not available.',
  'credits.range': 'This credit pack is not available.',
  'amount.requiredIfExists': 'This credit pack is not available.',
  'amount.number': 'This credit pack is not available.',
  'amount.range': 'This credit pack is not available.',
  'priceId.maxLength': 'Unknown plan.',
  'couponCode.maxLength': 'This coupon code is not valid.',
})
