import type User from '#auth/models/user'

/** The plans an account can be on, as billing names them. */
export type AccountPlan = 'free' | 'pro' | 'agency'

/** An account's plan, balance and Stripe links, as billing keeps them. */
export type Standing = {
  credits: number
  plan: AccountPlan
  /** How many brand kits the plan allows (docs/product.md, Brand kits). */
  brandLimit: number
  stripeCustomerId: string | null
  stripeSubscriptionId: string | null
}

/** A user with their standing: what the profile, the balance and every page's header show. */
export type Account = { user: User; standing: Standing }

/**
 * Where auth reads an account's plan and balance. Billing owns them (its
 * `billing_accounts` table) and binds this at boot, so auth never imports
 * billing (docs/decisions.md, Billing owns the account's money).
 */
export abstract class AccountStanding {
  abstract of(userId: number): Promise<Standing>

  /** The user with their standing. */
  async account(user: User): Promise<Account> {
    return { user, standing: await this.of(user.id) }
  }
}
