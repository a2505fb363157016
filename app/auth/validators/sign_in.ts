import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const INVALID_EMAIL = 'Please enter a valid email address.'

const email = () => vine.string().trim().toLowerCase().maxLength(254).email()

export const requestSignInValidator = vine.create({
  email: email(),
  captchaToken: vine.string().maxLength(4096).optional(),
  mode: vine.enum(['sign_in', 'sign_up']).optional(),
})
requestSignInValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': INVALID_EMAIL,
  'email.string': INVALID_EMAIL,
  'email.email': INVALID_EMAIL,
  'email.maxLength': INVALID_EMAIL,
  'captchaToken.maxLength': 'CAPTCHA verification failed. Please try again.',
  'mode.enum': 'Unknown sign-in mode.',
})

export const verifyLinkValidator = vine.create({
  token: vine.string().trim().minLength(16).maxLength(200),
})
verifyLinkValidator.messagesProvider = new SimpleMessagesProvider({
  'token.required': 'Authentication failed',
  'token.string': 'Authentication failed',
  'token.minLength': 'Authentication failed',
  'token.maxLength': 'Authentication failed',
})

export const verifyCodeValidator = vine.create({
  email: email(),
  code: vine
    .string()
    .trim()
    .regex(/^\d{6}$/),
})
verifyCodeValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': INVALID_EMAIL,
  'email.string': INVALID_EMAIL,
  'email.email': INVALID_EMAIL,
  'email.maxLength': INVALID_EMAIL,
  'code.required': 'Invalid code',
  'code.string': 'Invalid code',
  'code.regex': 'Invalid code',
})

export const verifyCaptchaValidator = vine.create({
  token: vine.string().maxLength(4096).optional(),
})
