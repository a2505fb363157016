import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool, idParam, orNull, refused } from '#core/mcp/tool'
import type { JsonSchema } from '#core/openapi/json_schema'
import { CreateSeries } from '#studio/actions/create_series'
import { ChangeSeries, type ChangeSeriesResult } from '#studio/actions/change_series'
import { OwnedSeries } from '#studio/queries/owned_series'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { seriesRefusalMessage } from '#studio/series/series_answers'
import SeriesTransformer from '#studio/transformers/series_transformer'
import SeriesDetailTransformer from '#studio/transformers/series_detail_transformer'
import type Series from '#studio/models/series'
import { WriteSeriesTopics } from '#studio/actions/write_series_topics'
import { SeriesTopicsTransformer } from '#studio/transformers/series_transformer'
import { createSeriesValidator, seriesTopicsValidator } from '#studio/validators/series'
import { SERIES_MESSAGES } from '#studio/series/series_answers'
import { paidCallLimits } from '#config/limiter'
import type { ToolCall } from '#core/mcp/tool'

type Container = ToolCall<unknown>['container']

const seriesSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string' },
    pauseReason: orNull({ type: 'string' }),
    timeZone: { type: 'string' },
  },
  required: ['id', 'name', 'status', 'pauseReason', 'timeZone'],
}

async function detailOf(container: Container, series: Series) {
  const schedules = await container.make(SeriesSchedules)
  const detail = await new OwnedSeries(series.userId).detail(series, schedules)
  return apiSerializer.serialize(SeriesDetailTransformer.transform(detail))
}

function summary(series: { id: number; name: string; status: string; nextRunAt: string | null }) {
  const next = series.nextRunAt ? ` Next run: ${series.nextRunAt}.` : ''
  return `Series ${series.id} "${series.name}" is ${series.status}.${next}`
}

async function changed(container: Container, result: ChangeSeriesResult) {
  if (result.status !== 'changed') return refused(seriesRefusalMessage(result))
  const detail = await detailOf(container, result.series)
  return answered(detail, summary(detail))
}

export default [
  defineTool({
    name: 'create_series',
    operation: 'studio.series.store',
    title: 'Create a series of videos on a schedule',
    description:
      'Makes a video per topic on a schedule, each charged when its render starts like ' +
      'generate_video. Needs: name; topics (one per line) or csv (a `topic` column and an ' +
      'optional `script` column, up to 500 rows); schedule ({ kind: "now" } for all at once, ' +
      '{ kind: "daily", time: "09:00" }, or { kind: "weekly", time: "18:00", weekdays: [1, 3, 5] }) ' +
      'in your time zone; style, voice and aspect_ratio as create_project takes them. Instead ' +
      'of topics or csv, generate_topics ({ about, count }) has them written now, as ' +
      'suggest_series_topics does. When the ' +
      'balance cannot cover the next video the series pauses itself (resume_series after ' +
      'buying credits). Agency plan only.',
    input: createSeriesValidator,
    outputSchema: seriesSchema,
    async handle({ user, args, container }) {
      const createSeries = await container.make(CreateSeries)
      const result = await createSeries.handle(user, args)
      if (result.status !== 'created') return refused(seriesRefusalMessage(result))
      const detail = await detailOf(container, result.series)
      return answered(detail, `Created. ${summary(detail)}`)
    },
  }),

  defineTool({
    name: 'suggest_series_topics',
    operation: 'studio.series.topics',
    title: 'Suggest topics for a series',
    description:
      'Writes count distinct topics (30 by default, up to 100) about a subject ("home coffee ' +
      'brewing"), in language (your profile’s by default), each one a series takes as typed. ' +
      'Offline they come in English and note says so. Show or edit them, then pass them one ' +
      'per line as topics to create_series. Costs no credits; limited to ' +
      `${paidCallLimits.script.requests} a minute, with write_script. Agency plan only.`,
    input: seriesTopicsValidator,
    outputSchema: {
      type: 'object',
      properties: {
        topics: { type: 'array', items: { type: 'string' } },
        language: { type: 'string' },
        note: orNull({ type: 'string' }),
      },
      required: ['topics', 'language', 'note'],
    },
    async handle({ user, args, container }) {
      const writeTopics = await container.make(WriteSeriesTopics)
      const result = await writeTopics.handle(user, args)
      if (result.status === 'plan_required') return refused(SERIES_MESSAGES.planRequired)
      const data = await apiSerializer.serialize(SeriesTopicsTransformer.transform(result.topics))
      const note = data.note ? ` ${data.note}` : ''
      return answered(
        data,
        `${data.topics.length} topics in ${data.language}.${note} Pass them one per line as ` +
          'topics to create_series.'
      )
    },
  }),

  defineTool({
    name: 'list_series',
    operation: 'studio.series.index',
    title: 'List your series',
    description:
      'Your series, newest first: status (active, paused, finished), why one paused itself, ' +
      'schedule, time zone, and how many topics are made and waiting. Costs no credits.',
    outputSchema: {
      type: 'object',
      properties: { series: { type: 'array', items: seriesSchema } },
      required: ['series'],
    },
    async handle({ user }) {
      const listed = await new OwnedSeries(user.id).list()
      const series = await apiSerializer.serialize(SeriesTransformer.transform(listed))
      const names = series.map((one) => `${one.name} (${one.id}, ${one.status})`).join(', ')
      return answered({ series }, series.length ? `Series: ${names}.` : 'No series yet.')
    },
  }),

  defineTool({
    name: 'pause_series',
    operation: 'studio.series.pause',
    title: 'Pause a series',
    description:
      'Pauses a series of yours by id (from list_series): nothing more is made or charged ' +
      'until resume_series. Costs no credits. Refused unless it is running.',
    params: idParam,
    outputSchema: seriesSchema,
    async handle({ user, args, container }) {
      const series = await new OwnedSeries(user.id).findOrFail(args.id)
      const change = await container.make(ChangeSeries)
      return changed(container, await change.pause(series))
    },
  }),

  defineTool({
    name: 'resume_series',
    operation: 'studio.series.resume',
    title: 'Resume a series',
    description:
      'A paused series of yours (id from list_series) runs again on its schedule (a "now" ' +
      'series makes its waiting topics at once); each video is charged credits when its render ' +
      'starts. Refused unless it is paused, and while your balance still cannot cover the ' +
      'video it paused on (buy credits first).',
    params: idParam,
    outputSchema: seriesSchema,
    async handle({ user, args, container }) {
      const series = await new OwnedSeries(user.id).findOrFail(args.id)
      const change = await container.make(ChangeSeries)
      return changed(container, await change.resume(series))
    },
  }),
]
