import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { appKey } from '#config/app'

/**
 * Link tokens (32 random bytes) and 6-digit codes. Only hashes are stored;
 * codes are keyed with the app key so a leaked table can't be brute-forced
 * offline.
 */
export const signInSecrets = {
  newToken() {
    return randomBytes(32).toString('base64url')
  },

  newCode() {
    return randomInt(0, 1_000_000).toString().padStart(6, '0')
  },

  hashToken(token: string) {
    return createHash('sha256').update(token).digest('hex')
  },

  hashCode(email: string, code: string) {
    return createHmac('sha256', appKey.release()).update(`${email}:${code}`).digest('hex')
  },

  sameHash(a: string, b: string) {
    const left = Buffer.from(a, 'hex')
    const right = Buffer.from(b, 'hex')
    return left.length === right.length && timingSafeEqual(left, right)
  },
}
