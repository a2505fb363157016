import db from '@adonisjs/lucid/services/db'
import type { PlanSlug } from '#billing/plan_catalogue'

export const USER_METRICS_PER_PAGE = 25

export type UserMetricRow = {
  id: number
  email: string
  credits: number
  plan: PlanSlug
  videosCreated: number
  videosFailed: number
  videosDrafts: number
  creditPacksPurchased: number
  createdAt: Date
}

export type AdminStatsResult = {
  totalUsers: number
  videosGenerated: number
  videosFailed: number
  videosDrafts: number
  creditPackPurchases: number
  /** Payments with money returned, full or partial, and the dollars returned. */
  refunds: { payments: number; amountCents: number }
  userMetrics: UserMetricRow[]
  page: number
  perPage: number
  lastPage: number
}

/**
 * The operator's numbers: one aggregate query for the stat cards and one for
 * a page of the User Activity Overview, however many users and videos there
 * are.
 */
export class AdminStats {
  async forPage(page: number, perPage = USER_METRICS_PER_PAGE): Promise<AdminStatsResult> {
    const { rows } = await db.rawQuery(
      `select
         (select count(*) from users) as total_users,
         (select count(*) from projects where status = 'done') as videos_generated,
         (select count(*) from projects where status = 'failed') as videos_failed,
         (select count(*) from projects where status = 'draft') as videos_drafts,
         (select count(*) from payments where kind = 'pack' and status = 'completed')
           as credit_pack_purchases,
         (select count(*) from payments where refunded_cents > 0) as refunded_payments,
         (select coalesce(sum(refunded_cents), 0) from payments) as refunded_cents`
    )
    const totals = rows[0]
    const totalUsers = Number(totals.total_users)
    const lastPage = Math.max(1, Math.ceil(totalUsers / perPage))
    return {
      totalUsers,
      videosGenerated: Number(totals.videos_generated),
      videosFailed: Number(totals.videos_failed),
      videosDrafts: Number(totals.videos_drafts),
      creditPackPurchases: Number(totals.credit_pack_purchases),
      refunds: {
        payments: Number(totals.refunded_payments),
        amountCents: Number(totals.refunded_cents),
      },
      userMetrics: await this.#userMetrics(Math.min(page, lastPage), perPage),
      page: Math.min(page, lastPage),
      perPage,
      lastPage,
    }
  }

  /**
   * Newest accounts first: the page's users are picked by primary key before
   * their video and pack counts are taken (from the projects and payments
   * (user_id, created_at) indexes), so a deep page costs one index walk, not a count per user.
   */
  async #userMetrics(page: number, perPage: number): Promise<UserMetricRow[]> {
    const users = db
      .from('users')
      .join('billing_accounts', 'billing_accounts.user_id', 'users.id')
      .select('users.id', 'users.email', 'billing_accounts.credits', 'billing_accounts.plan')
      .select('users.created_at')
      .orderBy('users.id', 'desc')
      .forPage(page, perPage)
    const videos = db
      .from('projects')
      .whereColumn('projects.user_id', 'page_users.id')
      .select(
        db.raw('count(*) as created'),
        db.raw(`count(*) filter (where status = 'failed') as failed`),
        db.raw(`count(*) filter (where status = 'draft') as drafts`)
      )
    const packs = db
      .from('payments')
      .whereColumn('payments.user_id', 'page_users.id')
      .where('kind', 'pack')
      .where('status', 'completed')
      .select(db.raw('count(*) as purchased'))
    const rows = await db
      .query()
      .from(users.as('page_users'))
      .joinRaw(`cross join lateral (${videos.toQuery()}) as videos`)
      .joinRaw(`cross join lateral (${packs.toQuery()}) as packs`)
      .select('page_users.*', 'videos.created', 'videos.failed', 'videos.drafts', 'packs.purchased')
      .orderBy('page_users.id', 'desc')
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      credits: row.credits,
      plan: row.plan,
      videosCreated: Number(row.created),
      videosFailed: Number(row.failed),
      videosDrafts: Number(row.drafts),
      creditPacksPurchased: Number(row.purchased),
      createdAt: row.created_at,
    }))
  }
}
