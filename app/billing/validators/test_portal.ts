import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_DATABASE_ID } from '#core/database_id'

/** POST /billing/test-portal: one change to the subscription, from the portal's forms. */
export const testPortalChangeValidator = vine.create({
  change: vine.enum(['switch_plan', 'cancel_at_period_end', 'resume', 'cancel_now'] as const),
  planId: vine
    .number()
    .withoutDecimals()
    .range([1, MAX_DATABASE_ID])
    .optional()
    .requiredWhen('change', '=', 'switch_plan'),
})
testPortalChangeValidator.messagesProvider = new SimpleMessagesProvider({
  'change.required': 'Choose what to change',
  'change.enum': 'Choose what to change',
  'planId.required': 'Choose a plan',
  'planId.number': 'Choose a plan',
  'planId.withoutDecimals': 'Choose a plan',
  'planId.range': 'Choose a plan',
})
