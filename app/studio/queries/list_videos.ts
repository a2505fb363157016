import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#auth/models/user'
import { currentScript } from '#studio/styles'
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
 * nothing else: never the scene rows. Its prompt is the script as it stands
 * (`currentScript`), from the scenes' prompts in order and the style template
 * their words are read out of. The card's length and its fallback still (its
 * first scene's, when the video has no thumbnail of its own) are subqueries
 * on the scenes' covering index, the length with its brand kit's intro and
 * outro;
 * `listCursor` is the video's place in the newest-first order, created_at to
 * the microsecond, then id.
 */
const CARD_COLUMNS = `p.id, p.script, p.style_template as "styleTemplate",
  (select array_agg(s.prompt order by s."order") from scenes s where s.project_id = p.id) as "scenePrompts",
  p.style, p.status, p.output_video_key as "outputVideoKey",
  p.aspect_ratio as "aspectRatio", p.resolution, p.watermarked, p.progress_percent as "progressPercent",
  p.error, p.created_at as "createdAt", p.post, p.voice->>'language' as "language",
  (extract(epoch from p.created_at) * 1000000)::bigint || '.' || p.id as "listCursor",
  coalesce(p.thumb_key, (select s.thumbnail_key from scenes s where s.project_id = p.id
    and s.thumbnail_key is not null order by s."order" limit 1)) as "thumbKey",
  p.thumb_key as "ownThumbKey",
  ((select coalesce(sum(s.duration), 0) from scenes s where s.project_id = p.id)
    + coalesce((p.brand_snapshot->'intro'->>'seconds')::float8, 0)
    + coalesce((p.brand_snapshot->'outro'->>'seconds')::float8, 0))::float8 as seconds`

/**
/**
 * Completed: sent for generation or holding a finished video (a cancelled
 * re-render is a draft that keeps its video); Drafts: the rest.
 */
const COMPLETED = `(p.status <> 'draft' or p.output_video_key is not null)`

/**
 * What the search reads: the script as it stands, the scenes' words in
 * order (without scenes, the script the project was made from), as the
 * cards show it.
 */
const CURRENT_SCRIPT = `coalesce((select string_agg(s.prompt, ' ' order by s."order") from scenes s
  where s.project_id = p.id), p.script)`

/** Completed and Drafts, counted over the rows of `p`. */
const COUNTS = `json_build_object('completed', count(*) filter (where ${COMPLETED}),
  'drafts', count(*) - count(*) filter (where ${COMPLETED}))`

type CardRow = Omit<VideoCard, 'createdAt'> & {
  styleTemplate: string
  scenePrompts: string[] | null
  createdAt: Date
  listCursor: string
  tabCounts?: VideoCounts
}

/**
 * A user's videos, newest first, a page at a time: search, status filter
 * and tab run in SQL, in one statement for the page (scene figures as
 * subqueries, never the scenes themselves) that can also bring the tabs'
 * counts. The page's rows are plain objects, not models: a list only reads them.
 *
 * This is the app's busiest read, so its SQL is written out rather than
 * built: each request only binds values, and each shape of the list (which
 * filters it has) is a named prepared statement, planned once per
 * connection. Named statements need a session per connection (no
 * transaction-pooling PgBouncer in front of PostgreSQL).
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
    const statement = new Statement()
    // The counts' own `p` hides the page's: uncorrelated, PostgreSQL runs it once.
    const countsColumn = withCounts
      ? `, (select ${COUNTS} from projects p where ${this.#matching(statement, { search: filters.search, status: filters.status })}) as "tabCounts"`
      : ''
    const where = [this.#matching(statement, filters)]
    const cursor = position.after ?? position.before
    if (cursor !== undefined) {
      const [micros, id] = cursor.split('.')
      where.push(
        `(p.created_at, p.id) ${backwards ? '>' : '<'} (timestamptz 'epoch' + ${statement.bind(micros)}::bigint * interval '1 microsecond', ${statement.bind(id)}::int)`
      )
    }
    const direction = backwards ? 'asc' : 'desc'
    const rows = await statement.run<CardRow>(
      `select ${CARD_COLUMNS}${countsColumn} from projects p where ${where.join(' and ')}
       order by p.created_at ${direction}, p.id ${direction} limit ${statement.bind(perPage + 1)}`
    )

    const more = rows.length > perPage
    const page = rows.slice(0, perPage)
    if (backwards) page.reverse()
    const first = page.at(0)?.listCursor ?? null
    const last = page.at(-1)?.listCursor ?? null
    const videos = page.map(
      ({ listCursor, createdAt, tabCounts, styleTemplate, scenePrompts, ...card }) => ({
        ...card,
        script: currentScript(
          { script: card.script, styleTemplate },
          (scenePrompts ?? []).map((prompt, order) => ({ prompt, order }))
        ),
        createdAt: DateTime.fromJSDate(createdAt),
      })
    )
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

  /**
   * What the search reads: the script as it stands, the scenes' words in
   * order (without scenes, the script the project was made from), as the
   * cards show it.
   */
  CURRENT_SCRIPT = `coalesce((select string_agg(s.prompt, ' ' order by s."order") from scenes s
  where s.project_id = p.id), p.script)`

  /** Completed (every generated video) and Drafts, under the same search and filter, whatever the tab. */
  async counts({ search, status }: VideoListFilters): Promise<VideoCounts> {
    const statement = new Statement()
    const [row] = await statement.run<{ counts: VideoCounts }>(
      `select ${COUNTS} as counts from projects p where ${this.#matching(statement, { search, status })}`
    )
    return row.counts
  }

  /** The user's videos under a search, a status filter and a tab, as SQL conditions on `p`. */
  #matching(statement: Statement, { search, status, tab }: VideoListFilters) {
    const where = [`p.user_id = ${statement.bind(this.user.id)}`]
    if (search) {
      where.push(`${CURRENT_SCRIPT} ilike ${statement.bind(`%${escapeLike(search)}%`)}`)
    }
    if (status && status !== 'all') {
      where.push(`p.status = ${statement.bind(status === 'completed' ? 'done' : status)}`)
    }
    if (tab === 'drafts') where.push(`not ${COMPLETED}`)
    if (tab === 'completed') where.push(COMPLETED)
    return where.join(' and ')
  }
}

/** Prepared statement names by SQL text: one per shape of the list, a few dozen at most. */
const statementNames = new Map<string, string>()

/** A statement's values, bound in the order their placeholders appear in its SQL. */
class Statement {
  #values: unknown[] = []

  bind(value: unknown) {
    this.#values.push(value)
    return '?'
  }

  async run<Row>(sql: string): Promise<Row[]> {
    let name = statementNames.get(sql)
    if (name === undefined) {
      name = `list_videos_${statementNames.size + 1}`
      statementNames.set(sql, name)
    }
    const query = db.rawQuery(sql, this.#values)
    query.knexQuery.options({ name })
    const { rows } = await query
    return rows
  }
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
