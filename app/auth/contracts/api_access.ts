/**
 * Whether a user's plan includes the agency API. Auth asks it when a token is
 * created and on every request a token makes; billing answers from the plan
 * row and binds it at boot, so auth never imports billing.
 */
export abstract class ApiAccess {
  abstract allows(userId: number): Promise<boolean>
}

/** Said to a token whose owner's plan no longer includes the API, and on /profile. */
export const API_ACCESS_REQUIRED =
  'API access is part of the Agency plan. Upgrade on /plans to use API tokens.'
