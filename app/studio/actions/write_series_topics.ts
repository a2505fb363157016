import { inject } from '@adonisjs/core'
import type User from '#auth/models/user'
import { ApiAccess } from '#auth/contracts/api_access'
import { AiProviders } from '#media/providers/ai_providers'
import type { WrittenTopics } from '#media/providers/contracts'
import { languageNamed, type Language } from '#shared/languages'
import { scriptLanguage } from '#studio/actions/write_script'
import { DEFAULT_GENERATED_TOPICS } from '#studio/public/series_limits'

export type TopicsAsked = { about: string; count?: number; language?: Language }

/** Topics as the customer gets them: the language they came in, and a note when it is not the one asked. */
export type SeriesTopics = WrittenTopics & { note: string | null }

export type WriteSeriesTopicsResult =
  { status: 'written'; topics: SeriesTopics } | { status: 'plan_required' }

/**
 * A series' topics from the script writer (docs/series.md, Topics): as many
 * as asked (30 unless told) about the subject, in the language asked or the
 * account's; offline they come in English, and the note says so. Each one
 * passes the series' topic rules, so they create a series as they are.
 */
@inject()
export class WriteSeriesTopics {
  constructor(
    private apiAccess: ApiAccess,
    private ai: AiProviders
  ) {}

  async handle(user: User, input: TopicsAsked): Promise<WriteSeriesTopicsResult> {
    if (!(await this.apiAccess.allows(user.id))) return { status: 'plan_required' }
    return { status: 'written', topics: await this.write(user, input) }
  }

  /** The topics alone, for a caller that has checked the plan already (CreateSeries). */
  async write(user: User, input: TopicsAsked): Promise<SeriesTopics> {
    const language = scriptLanguage(user, input.language)
    const written = await this.ai.scriptWriter.topics({
      about: input.about,
      count: input.count ?? DEFAULT_GENERATED_TOPICS,
      language,
    })
    const note =
      written.language === language
        ? null
        : `Offline topics come in English: edit them into ${languageNamed(language).displayName} before you create the series.`
    return { ...written, note }
  }
}
