import { createHmac } from 'node:crypto'

/** The header each delivery is signed in (README, Webhooks). */
export const SIGNATURE_HEADER = 'Reelforge-Signature'

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs
 * its webhooks: the timestamp is signed with the body, so a receiver can
 * refuse an old delivery replayed.
 */
export function signatureHeader(secret: string, body: string, timestamp: number) {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${digest}`
}
