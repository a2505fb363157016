import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiAccess } from '#auth/contracts/api_access'
import { CreditBalances } from '#billing/services/credit_balances'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { videoCost } from '#studio/render/video_cost'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { readTopics } from '#studio/actions/create_series'

export type ChangeSeriesResult =
  | { status: 'changed'; series: Series }
  | { status: 'plan_required' }
  /** What was asked does not fit the series' status (resume a running one, …). */
  | { status: 'conflict'; message: string }
  | { status: 'topics_refused'; field: 'topics'; errors: string[] }

/**
 * What a customer does to a series (docs/series.md): pause, resume, skip the
 * next topic, replace the topics not yet made, delete. Each locks the series
 * row, so it never crosses a fire claiming a slot; the queue is told once
 * the change has committed.
 */
@inject()
export class ChangeSeries {
  constructor(
    private apiAccess: ApiAccess,
    private schedules: SeriesSchedules,
    private balances: CreditBalances
  ) {}

  async pause(series: Series): Promise<ChangeSeriesResult> {
    const outcome = await this.#locked(series, async (lockedSeries) => {
      if (lockedSeries.status !== 'active') return conflict('Only a running series can be paused.')
      lockedSeries.merge({ status: 'paused', pauseReason: null, pausedAt: lockedSeries.pausedAt })
      await lockedSeries.save()
      return null
    })
    if (outcome.status === 'changed') await this.schedules.remove(series.id)
    return outcome
  }

  /**
   * Resumes a paused series, by the customer's word only (docs/series.md,
   * Money); refused while the balance still cannot cover the video it
   * paused on, which would only pause it again.
   */
  async resume(series: Series): Promise<ChangeSeriesResult> {
    if (!(await this.apiAccess.allows(series.userId))) return { status: 'plan_required' }
    const outcome = await this.#locked(series, async (lockedSeries, trx) => {
      if (lockedSeries.status !== 'paused') return conflict('Only a paused series can be resumed.')
      const short = await this.#shortOfCredits(lockedSeries, trx)
      if (short) {
        return conflict(
          `The next video needs ${short.needed} credits and ${short.balance} are left. ` +
            'Buy credits, then resume the series.'
        )
      }
      lockedSeries.merge({ status: 'active', pauseReason: null, pausedAt: null })
      await lockedSeries.save()
      return null
    })
    if (outcome.status === 'changed') await this.schedules.install(outcome.series)
    return outcome
  }

  /** The next topic waiting is skipped: the schedule's next fire makes the one after. */
  async skipNext(series: Series): Promise<ChangeSeriesResult> {
    const outcome = await this.#locked(series, async (lockedSeries, trx) => {
      if (lockedSeries.status === 'finished') return conflict('This series is finished.')
      const next = await SeriesSlot.query({ client: trx })
        .where('series_id', lockedSeries.id)
        .where('state', 'pending')
        .orderBy('position')
        .forUpdate()
        .skipLocked()
        .first()
      if (!next) return conflict('No topic is waiting to be skipped.')
      next.state = 'skipped'
      await next.save()
      await this.#finishWhenEmpty(lockedSeries, trx)
      return null
    })
    if (outcome.status === 'changed' && outcome.series.status === 'finished') {
      await this.schedules.remove(series.id)
    }
    return outcome
  }

  /**
   * The topics not yet made are replaced by these, in order. A topic kept
   * word for word keeps the script it came with (a CSV's `script` column):
   * editing the list never loses what the creator wrote for the rest.
   */
  async replaceTopics(series: Series, text: string): Promise<ChangeSeriesResult> {
    const topics = readTopics({ topics: text })
    if (topics.status === 'refused') {
      return { status: 'topics_refused', field: 'topics', errors: topics.errors }
    }
    return this.#locked(series, async (lockedSeries, trx) => {
      if (lockedSeries.status === 'finished') return conflict('This series is finished.')
      const pending = await trx
        .from('series_slots')
        .where('series_id', lockedSeries.id)
        .where('state', 'pending')
        .orderBy('position')
        .select('topic', 'script')
      const scripts = keptScripts(pending)
      await trx
        .from('series_slots')
        .where('series_id', lockedSeries.id)
        .where('state', 'pending')
        .delete()
      const last = await trx
        .from('series_slots')
        .where('series_id', lockedSeries.id)
        .max('position as last')
        .first()
      const after = Number(last?.last ?? 0)
      await SeriesSlot.createMany(
        topics.rows.map((row, index) => ({
          seriesId: lockedSeries.id,
          position: after + index + 1,
          topic: row.topic,
          script: row.script ?? scripts.get(row.topic)?.shift() ?? null,
          state: 'pending' as const,
        })),
        { client: trx }
      )
      return null
    })
  }

  async delete(series: Series) {
    await series.delete()
    await this.schedules.remove(series.id)
  }

  async #finishWhenEmpty(series: Series, trx: TransactionClientContract) {
    const waiting = await trx
      .from('series_slots')
      .where('series_id', series.id)
      .whereIn('state', ['pending', 'claimed'])
      .count('* as total')
      .first()
    if (Number(waiting?.total ?? 0) === 0) {
      series.status = 'finished'
      await series.save()
    }
  }

  /** The draft the series paused on (its next waiting topic's), when the balance cannot pay it. */
  async #shortOfCredits(series: Series, trx: TransactionClientContract) {
    const next = await SeriesSlot.query({ client: trx })
      .where('series_id', series.id)
      .where('state', 'pending')
      .whereNotNull('project_id')
      .orderBy('position')
      .first()
    if (!next?.projectId) return null
    const draft = await Project.query({ client: trx })
      .where('id', next.projectId)
      .where('status', 'draft')
      .first()
    if (!draft) return null
    const scenes = await Scene.query({ client: trx }).where('project_id', draft.id)
    const needed = videoCost(draft, scenes).due
    const balance = await this.balances.current(series.userId, trx)
    return needed > balance ? { needed, balance } : null
  }

  async #locked(
    series: Series,
    change: (
      lockedSeries: Series,
      trx: TransactionClientContract
    ) => Promise<{ status: 'conflict'; message: string } | null>
  ): Promise<ChangeSeriesResult> {
    return db.transaction(async (trx) => {
      const lockedSeries = await Series.query({ client: trx })
        .where('id', series.id)
        .forUpdate()
        .firstOrFail()
      const refused = await change(lockedSeries, trx)
      return refused ?? { status: 'changed', series: lockedSeries }
    })
  }
}

/** The scripts of the pending topics, by topic, first come first: a repeated topic keeps each. */
function keptScripts(pending: { topic: string; script: string | null }[]) {
  const scripts = new Map<string, string[]>()
  for (const slot of pending) {
    if (slot.script === null) continue
    scripts.set(slot.topic, [...(scripts.get(slot.topic) ?? []), slot.script])
  }
  return scripts
}

function conflict(message: string) {
  return { status: 'conflict', message } as const
}
