import { signIn } from '#config/auth'
import type User from '#auth/models/user'

/**
 * The one operator account: its email equals ADMIN_EMAIL. Decided here, on
 * the server, and nowhere else.
 */
export function isOperator(user: User | undefined | null) {
  return Boolean(user && signIn.adminEmail && user.email === signIn.adminEmail)
}
