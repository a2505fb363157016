import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#auth/models/user'
import Project, { PROJECT_STATUSES } from '#studio/models/project'
import type { VideoCard } from '#studio/transformers/video_transformer'
import type { VideoFilter, VideoTab } from '#studio/validators/video_list'

export type VideoListFilters = { search?: string; status?: VideoFilter; tab?: VideoTab }

/** Where a page starts: after a cursor (older videos) or before one (newer videos). */
export type VideoListPosition = { after?: string; before?: string }

export type VideoPage = {
  videos: VideoCard[]
  /** Cursor of the last video when older ones follow. */
  next: string | null
  /** Cursor of the first video when newer ones precede it. */
  previous: string | null
}

/** What the tabs show next to their names: Completed (n), Drafts (n). */
export type VideoCounts = { completed: number; drafts: number }

/**
 * What a video card shows (VideoTransformer) under its VideoCard names, and
 * nothing else: no script history, no style template, never the scenes.
 */
const CARD_COLUMNS = [
  'projects.id',
  'projects.script',
  'projects.style',
  'projects.status',
  'projects.output_video_key as outputVideoKey',
  'projects.aspect_ratio as aspectRatio',
  'projects.resolution',
  'projects.progress_percent as progressPercent',
  'projects.error',
  'projects.created_at as createdAt',
]

/** A video's place in the newest-first order: created_at to the microsecond, then id. */
const CURSOR_COLUMN = db.raw(
  `(extract(epoch from projects.created_at) * 1000000)::bigint || '.' || projects.id as "listCursor"`
)
/** The video's own thumbnail, else its first scene's still (only looked up when it has none). */
const THUMB_COLUMN = db.raw(
  `coalesce(projects.thumb_key, (select s.thumbnail_key from scenes s where s.project_id = projects.id
      and s.thumbnail_key is not null order by s."order" limit 1)) as "thumbKey"`
)
const SECONDS_COLUMN = db.raw(
  `(select coalesce(sum(s.duration), 0)::int from scenes s where s.project_id = projects.id) as seconds`
)

type CardRow = Omit<VideoCard, 'createdAt'> & {
  createdAt: Date
  listCursor: string
  tabCounts?: VideoCounts
}

/** Completed (every generated video) and Drafts, counted over the rows of a query. */
const COUNTS = `json_build_object('completed', count(*) filter (where projects.status <> 'draft'),
  'drafts', count(*) - count(*) filter (where projects.status <> 'draft'))`

/**
 * A user's videos, newest first, a page at a time: search, status filter
 * and tab run in SQL, in one query for the page (scene figures as
 * subqueries, never the scenes themselves) that can also bring the tabs'
 * counts. The page's rows are plain objects, not models: a list only reads them.
 */
export class ListVideos {
  constructor(private user: User) {}

  async page(
    filters: VideoListFilters,
    position: VideoListPosition,
    perPage: number
  ): Promise<VideoPage> {
    const { page } = await this.#read(filters, position, perPage, false)
    return page
  }

  /**
   * A page and the tabs' counts in one round trip: the counts ride on every
   * row as a subquery PostgreSQL runs once. Only an empty page asks again.
   */
  async pageWithCounts(
    filters: VideoListFilters,
    position: VideoListPosition,
    perPage: number
  ): Promise<VideoPage & { counts: VideoCounts }> {
    const { page, counts } = await this.#read(filters, position, perPage, true)
    return { ...page, counts: counts ?? (await this.counts(filters)) }
  }

  async #read(
    filters: VideoListFilters,
    position: VideoListPosition,
    perPage: number,
    withCounts: boolean
  ): Promise<{ page: VideoPage; counts: VideoCounts | null }> {
    const backwards = position.after === undefined && position.before !== undefined
    const query = this.#matching(filters)
      .select(...CARD_COLUMNS, CURSOR_COLUMN, THUMB_COLUMN, SECONDS_COLUMN)
      .limit(perPage + 1)
    if (withCounts) {
      const { search, status } = filters
      query.select(this.#matching({ search, status }).select(db.raw(COUNTS)).as('tabCounts'))
    }
    const direction = backwards ? 'asc' : 'desc'
    query.orderBy('projects.created_at', direction).orderBy('projects.id', direction)
    const cursor = position.after ?? position.before
    if (cursor !== undefined) {
      const [micros, id] = cursor.split('.')
      query.whereRaw(
        `(projects.created_at, projects.id) ${backwards ? '>' : '<'} (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::int)`,
        [micros, id]
      )
    }

    const rows = await query.pojo<CardRow>()
    const more = rows.length > perPage
    const page = rows.slice(0, perPage)
    if (backwards) page.reverse()
    const first = page.at(0)?.listCursor ?? null
    const last = page.at(-1)?.listCursor ?? null
    const videos = page.map(({ listCursor, createdAt, tabCounts, ...card }) => ({
      ...card,
      createdAt: DateTime.fromJSDate(createdAt),
    }))
    // Going back from a cursor, older videos follow; going forward from one, newer ones precede.
    return {
      page: {
        videos,
        next: backwards || more ? last : null,
        previous: (backwards ? more : cursor !== undefined) ? first : null,
      },
      counts: rows[0]?.tabCounts ?? null,
    }
  }

  /** Completed (every generated video) and Drafts, under the same search and filter, whatever the tab. */
  async counts({ search, status }: VideoListFilters): Promise<VideoCounts> {
    const [row] = await this.#matching({ search, status })
      .select(db.raw(`${COUNTS} as counts`))
      .pojo<{ counts: VideoCounts }>()
    return row.counts
  }

  #matching({ search, status, tab }: VideoListFilters) {
    const query = Project.query().where('projects.user_id', this.user.id)
    if (search) query.whereILike('projects.script', `%${escapeLike(search)}%`)
    if (status && status !== 'all') narrowToStatus(query, status)
    if (tab === 'drafts') query.where('projects.status', 'draft')
    if (tab === 'completed') query.whereNot('projects.status', 'draft')
    return query
  }
}

function narrowToStatus(query: ModelQueryBuilderContract<typeof Project>, status: VideoFilter) {
  if (status === 'completed') {
    query.where('projects.status', 'done')
  } else if (status === 'queued') {
    // Spec §4: an unknown status shows as Queued, so the Queued filter keeps it too.
    query.where((inner) =>
      inner
        .where('projects.status', 'queued')
        .orWhereNotIn('projects.status', [...PROJECT_STATUSES])
    )
  } else {
    query.where('projects.status', status)
  }
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
