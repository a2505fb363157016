import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import { WebhookEvents } from '#core/webhooks/webhook_events'
import type User from '#auth/models/user'
import { FindAccount } from '#auth/queries/find_account'
import Project from '#studio/models/project'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { CreateProject } from '#studio/actions/create_project'
import { GenerateVideo } from '#studio/actions/generate_video'
import { WriteScript } from '#studio/actions/write_script'
import { SeriesSchedules } from '#studio/series/series_schedules'
import SeriesPausedMail from '#studio/mails/series_paused_mail'

export type MakeSeriesSlotResult =
  /** The slot's video is queued and charged (now or by an earlier try of this fire). */
  | { status: 'made'; slotId: number; projectId: number }
  /** Nothing to do: the series is paused, finished or gone, or no topic is left. */
  | { status: 'idle' }
  /** The balance could not cover it: the series paused itself, the slot waits. */
  | { status: 'paused'; reason: string }
  /** The topic could not become a video (a voice gone, …): said on the slot. */
  | { status: 'failed'; message: string }

/**
 * One fire of a series' schedule (docs/series.md): claims the next pending
 * slot under the fire's key, in a transaction that locks the series row
 * (so a pause cannot cross it) and skips slots another worker holds; then,
 * with no connection held, writes the script if none was given, creates the
 * project, and starts its render through the same actions as the studio,
 * which charge the ledger. A try of the same fire finds its slot by the key
 * and carries on from what is recorded, so it never makes or charges twice.
 */
@inject()
export class MakeSeriesSlot {
  constructor(
    private createProject: CreateProject,
    private generateVideo: GenerateVideo,
    private writeScript: WriteScript,
    private schedules: SeriesSchedules,
    private webhooks: WebhookEvents
  ) {}

  async handle(seriesId: number, fireKey: string, slotId?: number): Promise<MakeSeriesSlotResult> {
    const slot = await this.#claim(seriesId, fireKey, slotId)
    if (!slot) return { status: 'idle' }
    if (slot.state === 'made' && slot.projectId) {
      return { status: 'made', slotId: slot.id, projectId: slot.projectId }
    }
    if (slot.state !== 'claimed') return { status: 'idle' }
    const series = await Series.findOrFail(seriesId)
    const user = await new FindAccount().byId(series.userId)

    let projectId = slot.projectId
    if (!projectId) {
      const created = await this.#createProject(user, series, slot)
      if (created.status === 'failed') {
        await this.#fail(slot, created.message)
        return created
      }
      projectId = created.projectId
    }

    const project = await Project.find(projectId)
    if (!project) {
      await this.#fail(slot, 'The video made for this topic was deleted.')
      return { status: 'failed', message: 'The video made for this topic was deleted.' }
    }
    // A render already started for it (an earlier try got that far): charged once, done.
    if (project.status === 'draft') {
      const started = await this.generateVideo.handle(project.id, user.id)
      switch (started.status) {
        case 'started':
        case 'already_running':
          break
        case 'no_scenes':
          await this.#fail(slot, 'The script made no scenes.')
          return { status: 'failed', message: 'The script made no scenes.' }
        case 'insufficient_credits':
          return this.#pauseForCredits(series, slot, user, started.balance, started.needed)
      }
    }
    await this.#made(series, slot)
    return { status: 'made', slotId: slot.id, projectId }
  }

  /** The slot this fire holds: claimed now, or by an earlier try of the same fire. */
  #claim(seriesId: number, fireKey: string, slotId?: number) {
    return db.transaction(async (trx) => {
      const series = await Series.query({ client: trx }).where('id', seriesId).forUpdate().first()
      if (!series) return null
      const held = await SeriesSlot.query({ client: trx })
        .where('series_id', seriesId)
        .where('fire_key', fireKey)
        .first()
      if (held) return held
      if (series.status !== 'active') return null
      const query = SeriesSlot.query({ client: trx })
        .where('series_id', seriesId)
        .where('state', 'pending')
        .orderBy('position')
        .forUpdate()
        .skipLocked()
      if (slotId) query.where('id', slotId)
      const slot = await query.first()
      if (!slot) return null
      slot.merge({ state: 'claimed', fireKey, claimedAt: DateTime.now(), error: null })
      await slot.save()
      return slot
    })
  }

  async #createProject(
    user: User,
    series: Series,
    slot: SeriesSlot
  ): Promise<{ status: 'created'; projectId: number } | { status: 'failed'; message: string }> {
    const { defaults } = series
    let script = slot.script
    if (!script) {
      const written = await this.writeScript.handle(user, {
        prompt: slot.topic,
        style: defaults.style,
        targetLength: defaults.target_seconds,
        language: defaults.voice.language,
      })
      if (written.status !== 'written') return { status: 'failed', message: written.message }
      script = written.script.script
    }
    const input = {
      script,
      style: defaults.style,
      voice: defaults.voice,
      music: defaults.music,
      aspect_ratio: defaults.aspect_ratio,
      captions: defaults.captions,
      target_seconds: defaults.target_seconds,
      generation_mode: defaults.generation_mode,
      brand_id: series.brandId,
    }
    // Recorded on the slot in the project's transaction: a worker lost on the way leaves neither.
    const created = await this.createProject
      .handle(user, input, async (project, trx) => {
        const recorded = await trx
          .from('series_slots')
          .where('id', slot.id)
          .whereNull('project_id')
          .update({ project_id: project.id })
        if (Number(recorded) === 0) throw new SlotRecorded()
      })
      .catch(async (error) => {
        if (!(error instanceof SlotRecorded)) throw error
        // A try of the same fire got there first: its project is the slot's.
        const held = await SeriesSlot.findOrFail(slot.id)
        return { status: 'recorded' as const, projectId: held.projectId! }
      })
    if (created.status === 'recorded') return { status: 'created', projectId: created.projectId }
    if (created.status === 'created') return { status: 'created', projectId: created.project.id }
    return { status: 'failed', message: refusalOf(created.status) }
  }

  /** The slot is made; the series is finished once no topic waits. */
  async #made(series: Series, slot: SeriesSlot) {
    const finished = await db.transaction(async (trx) => {
      // Two slots made at once: one after the other here, so the last one sees nothing waiting.
      await trx.from('series').where('id', series.id).forUpdate().select('id')
      await trx
        .from('series_slots')
        .where('id', slot.id)
        .where('state', 'claimed')
        .update({ state: 'made', made_at: new Date() })
      const waiting = await SeriesSlot.query({ client: trx })
        .where('series_id', series.id)
        .whereIn('state', ['pending', 'claimed'])
        .count('* as total')
        .first()
      if (Number(waiting?.$extras.total ?? 0) > 0) return false
      const updated = await trx
        .from('series')
        .where('id', series.id)
        .where('status', 'active')
        .update({ status: 'finished', updated_at: new Date() })
        .returning('id')
      return updated.length > 0
    })
    if (finished) await this.schedules.remove(series.id)
  }

  async #fail(slot: SeriesSlot, message: string) {
    await db
      .from('series_slots')
      .where('id', slot.id)
      .where('state', 'claimed')
      .update({ state: 'failed', error: message.slice(0, 300) })
  }

  /**
   * The balance cannot cover the slot's video: the series pauses itself with
   * the reason, the slot waits (its draft kept) for a resume, `series.paused`
   * goes to the account's webhooks in the same transaction, and an email
   * says so once it has committed (docs/series.md, Money).
   */
  async #pauseForCredits(
    series: Series,
    slot: SeriesSlot,
    user: User,
    balance: number,
    needed: number
  ): Promise<MakeSeriesSlotResult> {
    const reason = `Paused: ${balance} credits left, the next video needs ${needed}.`
    const paused = await db.transaction(async (trx) => {
      await trx
        .from('series_slots')
        .where('id', slot.id)
        .update({ state: 'pending', fire_key: null, claimed_at: null })
      const now = new Date()
      const updated = await trx
        .from('series')
        .where('id', series.id)
        .where('status', 'active')
        .update({ status: 'paused', pause_reason: reason, paused_at: now, updated_at: now })
        .returning('id')
      if (updated.length === 0) return false
      await this.webhooks.publish(
        user.id,
        'series.paused',
        {
          series: {
            id: series.id,
            name: series.name,
            status: 'paused',
            reason,
            url: `${appUrl}/api/series/${series.id}`,
          },
        },
        trx
      )
      return true
    })
    if (paused) {
      await this.schedules.remove(series.id)
      await mail
        .send(
          new SeriesPausedMail(user.email, series.name, reason, `${appUrl}/series/${series.id}`)
        )
        .catch((error: unknown) => logger.error({ err: error }, 'series paused mail not sent'))
    }
    return { status: 'paused', reason }
  }
}

function refusalOf(status: string) {
  switch (status) {
    case 'unknown_voice':
      return 'The series’ voice is no longer offered. Edit the series to choose another.'
    case 'unknown_music':
      return 'The series’ music track is no longer offered.'
    case 'brand_not_offered':
      return 'The series’ brand kit is not part of your plan now.'
    default:
      return 'The topic could not become a video.'
  }
}

/** The slot has a project already: this one is rolled back. */
class SlotRecorded extends Error {}
