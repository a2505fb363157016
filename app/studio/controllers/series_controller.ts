import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { CreateSeries, type CreateSeriesResult } from '#studio/actions/create_series'
import { ChangeSeries, type ChangeSeriesResult } from '#studio/actions/change_series'
import { OwnedSeries } from '#studio/queries/owned_series'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { SeriesForm } from '#studio/services/series_form'
import { WriteSeriesTopics } from '#studio/actions/write_series_topics'
import SeriesTransformer, { SeriesTopicsTransformer } from '#studio/transformers/series_transformer'
import SeriesDetailTransformer from '#studio/transformers/series_detail_transformer'
import {
  createSeriesValidator,
  editSeriesTopicsValidator,
  seriesTopicsValidator,
} from '#studio/validators/series'
import { tooManyRequests } from '#core/http/too_many_requests'
import { SERIES_MESSAGES } from '#studio/series/series_answers'

/**
 * Series of videos made on a schedule (docs/series.md), on /series and
 * through the API, each scoped to its owner: another user's id is 404.
 */
@inject()
export default class SeriesController {
  constructor(private schedules: SeriesSchedules) {}

  /** /series (docs/product.md, Series): the list, and what the create form offers. */
  @inject()
  async page({ auth, inertia }: HttpContext, form: SeriesForm) {
    const user = auth.getUserOrFail()
    const [series, choices] = await Promise.all([
      new OwnedSeries(user.id).list(),
      form.choices(user),
    ])
    return inertia.render('studio/series', {
      series: SeriesTransformer.transform(series),
      ...choices,
    })
  }

  /** /series/:id: the series with its slots, as GET /api/series/:id answers. */
  async detailPage({ auth, inertia, params }: HttpContext) {
    const owned = new OwnedSeries(auth.getUserOrFail().id)
    const detail = await owned.detail(await owned.findOrFail(params.id), this.schedules)
    return inertia.render('studio/series_detail', {
      series: SeriesDetailTransformer.transform(detail),
    })
  }

  async index({ auth }: HttpContext) {
    const series = await new OwnedSeries(auth.getUserOrFail().id).list()
    return apiSerializer.serialize(SeriesTransformer.transform(series))
  }

  async show({ auth, params }: HttpContext) {
    const owned = new OwnedSeries(auth.getUserOrFail().id)
    const detail = await owned.detail(await owned.findOrFail(params.id), this.schedules)
    return apiSerializer.serialize(SeriesDetailTransformer.transform(detail))
  }

  @inject()
  async store(ctx: HttpContext, createSeries: CreateSeries) {
    const input = await ctx.request.validateUsing(createSeriesValidator)
    const result: CreateSeriesResult = await createSeries.handle(ctx.auth.getUserOrFail(), input)
    const answer = new WriteAnswer(ctx)
    switch (result.status) {
      case 'created': {
        const owned = new OwnedSeries(result.series.userId)
        const body = await apiSerializer.serialize(
          SeriesDetailTransformer.transform(await owned.detail(result.series, this.schedules))
        )
        return answer.done(201, body, SERIES_MESSAGES.created, `/series/${result.series.id}`)
      }
      case 'plan_required':
        return answer.refused(403, { message: SERIES_MESSAGES.planRequired })
      case 'topics_refused':
        return topicsRefused(answer, result)
      case 'unknown_voice':
        return answer.fieldError('voice', SERIES_MESSAGES.unknownVoice)
      case 'unknown_music':
        return answer.fieldError('music', SERIES_MESSAGES.unknownMusic)
      case 'brand_not_offered':
        return answer.refused(403, { message: SERIES_MESSAGES.brandNotOffered })
      case 'too_many_requests':
        return tooManyRequests(ctx.response, result.retryAfter)
    }
  }

  /** Topics written about a subject, to read and edit before creating the series. */
  @inject()
  async topics(ctx: HttpContext, writeTopics: WriteSeriesTopics) {
    const input = await ctx.request.validateUsing(seriesTopicsValidator)
    const result = await writeTopics.handle(ctx.auth.getUserOrFail(), input)
    if (result.status === 'plan_required') {
      return ctx.response.forbidden({ message: SERIES_MESSAGES.planRequired })
    }
    return apiSerializer.serialize(SeriesTopicsTransformer.transform(result.topics))
  }

  @inject()
  async pause(ctx: HttpContext, change: ChangeSeries) {
    const series = await this.#owned(ctx)
    return this.#changed(ctx, await change.pause(series), SERIES_MESSAGES.paused)
  }

  @inject()
  async resume(ctx: HttpContext, change: ChangeSeries) {
    const series = await this.#owned(ctx)
    return this.#changed(ctx, await change.resume(series), SERIES_MESSAGES.resumed)
  }

  @inject()
  async skip(ctx: HttpContext, change: ChangeSeries) {
    const series = await this.#owned(ctx)
    return this.#changed(ctx, await change.skipNext(series), SERIES_MESSAGES.skipped)
  }

  @inject()
  async update(ctx: HttpContext, change: ChangeSeries) {
    const series = await this.#owned(ctx)
    const input = await ctx.request.validateUsing(editSeriesTopicsValidator)
    return this.#changed(
      ctx,
      await change.replaceTopics(series, input.topics),
      SERIES_MESSAGES.topicsSaved
    )
  }

  @inject()
  async destroy(ctx: HttpContext, change: ChangeSeries) {
    await change.delete(await this.#owned(ctx))
    return new WriteAnswer(ctx).done(
      200,
      { message: SERIES_MESSAGES.deleted },
      SERIES_MESSAGES.deleted,
      '/series'
    )
  }

  #owned(ctx: HttpContext) {
    return new OwnedSeries(ctx.auth.getUserOrFail().id).findOrFail(ctx.params.id)
  }

  async #changed(ctx: HttpContext, result: ChangeSeriesResult, message: string) {
    const answer = new WriteAnswer(ctx)
    switch (result.status) {
      case 'changed': {
        const owned = new OwnedSeries(result.series.userId)
        const body = await apiSerializer.serialize(
          SeriesDetailTransformer.transform(await owned.detail(result.series, this.schedules))
        )
        return answer.done(200, body, message)
      }
      case 'plan_required':
        return answer.refused(403, { message: SERIES_MESSAGES.planRequired })
      case 'conflict':
        return answer.refused(409, { message: result.message })
      case 'topics_refused':
        return topicsRefused(answer, result)
    }
  }
}

/**
 * Every bad row, in the shape of a validation failure (`{ message, errors }`),
 * or beside the field on the page, one row a line.
 */
function topicsRefused(answer: WriteAnswer, result: { field: string; errors: string[] }) {
  return answer.refused(
    422,
    {
      message: result.errors.join(' '),
      errors: result.errors.map((message) => ({ field: result.field, message, rule: 'topics' })),
    },
    { [result.field]: result.errors.join('\n') }
  )
}
