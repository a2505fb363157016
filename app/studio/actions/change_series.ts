import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiAccess } from '#auth/contracts/api_access'
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
    private schedules: SeriesSchedules
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

  /** Resumes a paused series, by the customer's word only (docs/series.md, Money). */
  async resume(series: Series): Promise<ChangeSeriesResult> {
    if (!(await this.apiAccess.allows(series.userId))) return { status: 'plan_required' }
    const outcome = await this.#locked(series, async (lockedSeries) => {
      if (lockedSeries.status !== 'paused') return conflict('Only a paused series can be resumed.')
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
