import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { paidCallLimits, type PaidCall } from '#config/limiter'

/**
 * Counts one attempt of a user's paid call against its limit
 * (config/limiter.ts): null when it may go ahead, else the seconds to wait.
 * A route and its MCP tool count against the same limit.
 */
export async function consumePaidCall(call: PaidCall, userId: number): Promise<number | null> {
  try {
    await limiter.use({ ...paidCallLimits[call] }).consume(`paid:${call}:${userId}`)
    return null
  } catch (error) {
    if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
    return error.response.availableIn
  }
}

export function isPaidCall(value: unknown): value is PaidCall {
  return typeof value === 'string' && Object.hasOwn(paidCallLimits, value)
}
