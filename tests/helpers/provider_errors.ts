import { ProviderError } from '#media/providers/contracts'

/** The ProviderError a provider call rejects with; anything else fails the test. */
export async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof ProviderError) return error
    throw error
  }
  throw new Error('expected a ProviderError, got a result')
}
