import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type User from '#auth/models/user'
import { ApiAccess } from '#auth/contracts/api_access'
import { AiProviders } from '#media/providers/ai_providers'
import { FindMusicTrack } from '#media/queries/find_music_track'
import { DEFAULT_AI_SCRIPT_SECONDS } from '#studio/limits'
import Series, { type SeriesDefaults } from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { OwnedBrands } from '#studio/queries/owned_brands'
import { consumePaidCall } from '#core/services/paid_calls'
import { WriteSeriesTopics } from '#studio/actions/write_series_topics'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { topicProblem } from '#shared/series_topics'
import { MAX_TOPICS, parseTopicCsv, topicLines, type TopicRow } from '#studio/series/topic_csv'
import type { createSeriesValidator } from '#studio/validators/series'

type Input = Infer<typeof createSeriesValidator>

export type SeriesRefusal =
  /** Series come with API access, like webhooks (docs/series.md, Plans). */
  | { status: 'plan_required' }
  /** The topics as typed or uploaded, each bad row by its number. */
  | { status: 'topics_refused'; field: 'topics' | 'csv'; errors: string[] }
  | { status: 'unknown_voice' }
  | { status: 'unknown_music' }
  | { status: 'brand_not_offered' }
  /** Generated topics are an LLM call, limited as POST /api/series/topics is. */
  | { status: 'too_many_requests'; retryAfter: number }

export type CreateSeriesResult = { status: 'created'; series: Series } | SeriesRefusal

/** The ways a request gives a series' topics: exactly one of them. */
const TOPIC_SOURCES = ['topics', 'csv', 'generate_topics'] as const

/**
 * A new series (docs/series.md): its topics read and checked whole (one bad
 * row and nothing is created) or written by the script writer with no
 * connection held, then the series and every slot written in one
 * transaction, then its schedule installed in the queue.
 */
@inject()
export class CreateSeries {
  constructor(
    private apiAccess: ApiAccess,
    private ai: AiProviders,
    private schedules: SeriesSchedules,
    private writeTopics: WriteSeriesTopics
  ) {}

  async handle(user: User, input: Input): Promise<CreateSeriesResult> {
    if (!(await this.apiAccess.allows(user.id))) return { status: 'plan_required' }
    const given = TOPIC_SOURCES.filter((source) => input[source] !== undefined)
    if (given.length > 1) {
      const errors = ['Give the topics one way only: topics, csv or generate_topics.']
      return { status: 'topics_refused', field: 'topics', errors }
    }
    const typed = input.generate_topics ? null : readTopics(input)
    if (typed?.status === 'refused') {
      const field = input.csv === undefined ? 'topics' : 'csv'
      return { status: 'topics_refused', field, errors: typed.errors }
    }

    const providers = await this.ai.voiceCatalog.providers()
    const voice = providers
      .find((provider) => provider.id === input.voice.provider)
      ?.voices.find((candidate) => candidate.id === input.voice.id)
    if (!voice) return { status: 'unknown_voice' }
    if (input.music && !(await new FindMusicTrack().byId(input.music.id))) {
      return { status: 'unknown_music' }
    }
    // Another user's kit is missing (404), as everywhere.
    const brand = input.brand_id ? await new OwnedBrands(user.id).entryOrFail(input.brand_id) : null
    if (brand && !brand.choosable) return { status: 'brand_not_offered' }

    let rows = typed?.rows ?? []
    if (input.generate_topics) {
      const retryAfter = await consumePaidCall('script', user.id)
      if (retryAfter !== null) return { status: 'too_many_requests', retryAfter }
      const written = await this.writeTopics.write(user, {
        ...input.generate_topics,
        language: input.voice.language,
      })
      rows = written.topics.map((topic) => ({ topic, script: null }))
    }

    const defaults: SeriesDefaults = {
      style: input.style,
      voice: input.voice,
      music: input.music ? { id: input.music.id } : null,
      aspect_ratio: input.aspect_ratio,
      target_seconds: input.target_seconds ?? DEFAULT_AI_SCRIPT_SECONDS,
      captions: input.captions,
      generation_mode: input.generation_mode ?? 'text-to-video',
    }
    const series = await db.transaction(async (trx) => {
      const created = await Series.create(
        {
          userId: user.id,
          name: input.name,
          brandId: brand?.brand.id ?? null,
          defaults,
          scheduleKind: input.schedule.kind,
          scheduleTime: input.schedule.kind === 'now' ? null : (input.schedule.time ?? null),
          scheduleWeekdays:
            input.schedule.kind === 'weekly'
              ? [...(input.schedule.weekdays ?? [])].sort((a, b) => a - b)
              : null,
          timeZone: input.time_zone ?? user.timeZone,
          status: 'active',
        },
        { client: trx }
      )
      await SeriesSlot.createMany(
        rows.map((row, index) => ({
          seriesId: created.id,
          position: index + 1,
          topic: row.topic,
          script: row.script,
          state: 'pending' as const,
        })),
        { client: trx }
      )
      return created
    })
    await this.schedules.install(series)
    return { status: 'created', series }
  }
}

type ReadTopics = { status: 'read'; rows: TopicRow[] } | { status: 'refused'; errors: string[] }

/** The topics typed one per line, or the CSV's rows; every bad one reported by its number. */
export function readTopics(input: { topics?: string; csv?: string }): ReadTopics {
  if (input.csv !== undefined) {
    const parsed = parseTopicCsv(input.csv)
    return parsed.status === 'parsed' ? { status: 'read', rows: parsed.rows } : parsed
  }
  const rows = topicLines(input.topics ?? '')
  if (rows.length === 0) return { status: 'refused', errors: ['Add at least one topic.'] }
  if (rows.length > MAX_TOPICS) {
    return {
      status: 'refused',
      errors: [`A series takes up to ${MAX_TOPICS} topics; there are ${rows.length}.`],
    }
  }
  const errors = rows.flatMap((row, index) => {
    const problem = topicProblem(row.topic)
    return problem ? [`Line ${index + 1}: ${problem}`] : []
  })
  return errors.length > 0
    ? { status: 'refused', errors: errors.slice(0, 20) }
    : { status: 'read', rows }
}
