import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const WHOLE_CREDITS = 'The amount must be a whole number of credits.'

/** `credits:grant <email> <amount> [--reason]`: an adjustment either way. */
export const creditsGrantValidator = vine.create({
  email: vine.string().trim().toLowerCase().maxLength(254).email(),
  amount: vine.number().withoutDecimals().range([-1_000_000_000, 1_000_000_000]),
  reason: vine.string().trim().maxLength(500).optional(),
})
creditsGrantValidator.messagesProvider = new SimpleMessagesProvider({
  'email.email': 'Please enter a valid email address.',
  'amount.number': WHOLE_CREDITS,
  'amount.withoutDecimals': WHOLE_CREDITS,
  'amount.range': 'The amount must be between -1,000,000,000 and 1,000,000,000.',
  'reason.maxLength': 'The reason is limited to 500 characters.',
})
