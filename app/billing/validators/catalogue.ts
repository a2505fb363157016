import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { PLAN_SLUGS } from '#billing/plan_catalogue'

const MAX_PRICE = 100_000
/**
 * The most credits one plan grant or pack gives: a million seconds of video.
 * Balances are 32-bit, so a payment that would still overflow one is
 * marked failed with its reason (docs/billing.md).
 */
const MAX_CREDITS = 1_000_000
/** Usage limits count payments, not credits. */
const MAX_USES = 1_000_000_000
/** The most brand kits a plan may allow: the column's check. */
const MAX_BRAND_LIMIT = 1000

/**
 * A calendar date that exists (`2020-13-45` is refused, not rolled over
 * into 2021), as YYYY-MM-DD or a full ISO 8601 timestamp.
 */
const realDate = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string' || !DateTime.fromISO(value, { zone: 'utc' }).isValid) {
    field.report('Expiry must be a real date (YYYY-MM-DD)', 'realDate', field)
  }
})

/**
 * The Admin screen's plan form (POST /api/admin/plans, PATCH /api/admin/plans/{id}).
 * The Stripe price may be blank: SavePlan asks for it only with Stripe keys.
 * Features are a list, or text with one feature a line.
 */
export const planValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(80),
  stripePriceId: vine.string().trim().maxLength(255).nullable().optional(),
  price: vine.number().decimal([0, 2]).range([0, MAX_PRICE]),
  interval: vine.enum(['month', 'year'] as const).optional(),
  credits: vine.number().withoutDecimals().range([0, MAX_CREDITS]).optional(),
  features: vine
    .unionOfTypes([vine.string().maxLength(2000), vine.array(vine.string().maxLength(200))])
    .optional(),
  tier: vine.enum(PLAN_SLUGS).optional(),
  brandLimit: vine.number().withoutDecimals().range([0, MAX_BRAND_LIMIT]).optional(),
})
planValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.minLength': 'Name is required',
  'name.maxLength': 'Name is limited to 80 characters',
  'stripePriceId.maxLength': 'Stripe price ID is limited to 255 characters',
  'price.required': 'Price is required',
  'price.number': 'Price must be a number',
  'price.decimal': 'Price is in dollars and cents (step 0.01)',
  'price.range': 'Price must be between 0 and 100,000',
  'interval.enum': 'Interval must be month or year',
  'credits.number': 'Credits must be a whole number',
  'credits.withoutDecimals': 'Credits must be a whole number',
  'credits.range': 'Credits must be between 0 and 1,000,000',
  'features.unionOfTypes': 'Features are text, one feature a line',
  'features.maxLength': 'Features are limited to 2,000 characters',
  'tier.enum': 'Tier must be free, pro or agency',
  'brandLimit.number': 'Brand kits must be a whole number',
  'brandLimit.withoutDecimals': 'Brand kits must be a whole number',
  'brandLimit.range': 'Brand kits must be between 0 and 1,000',
})

const couponFields = {
  code: vine
    .string()
    .trim()
    .toUpperCase()
    .minLength(1)
    .maxLength(40)
    .regex(/^[A-Z0-9_-]+$/),
  discountType: vine.enum(['percentage', 'fixed'] as const),
  /** Percent for 'percentage', dollars for 'fixed'; the action checks which step applies. */
  discountValue: vine.number().decimal([0, 2]).range([0.01, MAX_PRICE]),
  usageLimit: vine.number().withoutDecimals().range([1, MAX_USES]).nullable(),
  expiresAt: vine
    .string()
    .trim()
    .maxLength(40)
    .use(realDate())
    // Vine runs a transform on a null too: it stays null.
    .transform((value) => (value ? DateTime.fromISO(value, { zone: 'utc' }).toJSDate() : null))
    .nullable(),
}

const COUPON_MESSAGES = {
  'code.required': 'Code is required',
  'code.minLength': 'Code is required',
  'code.maxLength': 'Code is limited to 40 characters',
  'code.regex': 'Code may hold only letters, digits, - and _',
  'discountType.enum': 'Discount type must be percentage or fixed',
  'discountValue.required': 'Discount value is required',
  'discountValue.number': 'Discount value must be a number',
  'discountValue.decimal': 'Discount value has at most two decimals',
  'discountValue.range': 'Discount value must be positive',
  'usageLimit.number': 'Usage limit must be a whole number',
  'usageLimit.withoutDecimals': 'Usage limit must be a whole number',
  'usageLimit.range': 'Usage limit must be at least 1',
  'expiresAt.string': 'Expiry must be a date (YYYY-MM-DD)',
  'expiresAt.maxLength': 'Expiry must be a date (YYYY-MM-DD)',
  'isActive.boolean': 'isActive must be true or false',
}

/** The Admin screen's coupon form (POST /api/admin/coupons); empty limit and expiry are null. */
export const couponValidator = vine.create({
  code: couponFields.code,
  discountType: couponFields.discountType.optional(),
  discountValue: couponFields.discountValue,
  usageLimit: couponFields.usageLimit.optional(),
  expiresAt: couponFields.expiresAt.optional(),
  isActive: vine.boolean().optional(),
})
couponValidator.messagesProvider = new SimpleMessagesProvider(COUPON_MESSAGES)

/** PATCH /api/admin/coupons/{id}: the whole form, or only isActive (Enable/Disable). */
export const couponPatchValidator = vine.create({
  code: couponFields.code.optional(),
  discountType: couponFields.discountType.optional(),
  discountValue: couponFields.discountValue.optional(),
  usageLimit: couponFields.usageLimit.optional(),
  expiresAt: couponFields.expiresAt.optional(),
  isActive: vine.boolean().optional(),
})
couponPatchValidator.messagesProvider = new SimpleMessagesProvider(COUPON_MESSAGES)

/** The Admin screen's credit pack form (POST and PATCH /api/admin/credit-packs). */
export const creditPackValidator = vine.create({
  credits: vine.number().withoutDecimals().range([1, MAX_CREDITS]),
  price: vine.number().decimal([0, 2]).range([0.01, MAX_PRICE]),
  sortOrder: vine.number().withoutDecimals().range([-1_000_000, 1_000_000]).optional(),
  isActive: vine.boolean().optional(),
})
creditPackValidator.messagesProvider = new SimpleMessagesProvider({
  'credits.required': 'Credits are required',
  'credits.number': 'Credits must be a whole number',
  'credits.withoutDecimals': 'Credits must be a whole number',
  'credits.range': 'Credits must be between 1 and 1,000,000',
  'price.required': 'Price is required',
  'price.number': 'Price must be a number',
  'price.decimal': 'Price is in dollars and cents (step 0.01)',
  'price.range': 'Price must be between 0.01 and 100,000',
  'sortOrder.number': 'Sort order must be a whole number',
  'sortOrder.withoutDecimals': 'Sort order must be a whole number',
  'sortOrder.range': 'Sort order must be between -1,000,000 and 1,000,000',
  'isActive.boolean': 'isActive must be true or false',
})
