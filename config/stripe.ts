import { createHmac } from 'node:crypto'
import env from '#start/env'

const secretKey = env.get('STRIPE_SECRET_KEY')?.release()

/**
 * Stripe when keyed; otherwise the local checkout simulator, whose webhook
 * events are signed with a secret every process derives from APP_KEY (the
 * web server that verifies and `billing:renew` that sends agree on it).
 */
const stripeConfig = {
  secretKey,
  webhookSecret:
    env.get('STRIPE_WEBHOOK_SECRET')?.release() ??
    `whsec_local_${createHmac('sha256', env.get('APP_KEY').release()).update('stripe-webhooks').digest('hex')}`,
  apiBase: env.get('STRIPE_API_BASE'),
}

export default stripeConfig
