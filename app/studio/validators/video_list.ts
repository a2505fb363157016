import vine from '@vinejs/vine'
import { MAX_DATABASE_ID, decimalsUpTo } from '#core/database_id'
import { described } from '#core/openapi/described'
import { GENERATING_STATUSES } from '#studio/public/statuses'

/**
 * My Videos' status filter (docs/product.md): Completed is `done`. `completed` is a word
 * clients send, never a status the server stores or answers.
 */
export const VIDEO_FILTERS = ['all', ...GENERATING_STATUSES, 'completed', 'failed'] as const
export type VideoFilter = (typeof VIDEO_FILTERS)[number]

/** My Videos' tabs: Completed lists every generated video, Drafts the rest. */
export const VIDEO_TABS = ['completed', 'drafts'] as const
export type VideoTab = (typeof VIDEO_TABS)[number]

export const DEFAULT_PER_PAGE = 24
export const MAX_PER_PAGE = 100

/** A position in the newest-first list: `<created_at in µs since epoch>.<id>`, as pages hand it out. */
const CURSOR = new RegExp(`^\\d{1,16}\\.${decimalsUpTo(MAX_DATABASE_ID).source.slice(1, -1)}$`)

/**
 * The list of GET /api/my-videos and /videos, newest first.
 *
 * - `search` keeps videos whose prompt contains it (case-insensitive);
 *   `status` and `tab` narrow by status.
 * - Without `perPage` the answer is a plain array, 100 videos at
 *   most; when more match, the `Link` header (rel="next") names the URL of
 *   the rest (the same filters and an `after` cursor).
 * - With `perPage` the answer is a page:
 *   `{ data, meta: { perPage, next, previous, counts: { completed, drafts } } }`;
 *   pass `meta.next` as `after` for older videos, `meta.previous` as
 *   `before` for newer ones. Cursors stay valid while videos are added.
 */
export const videoListValidator = vine.create({
  search: described(
    vine.string().trim().maxLength(200).optional(),
    'Keeps the videos whose script contains these words (any case).'
  ),
  status: described(
    vine.enum(VIDEO_FILTERS).optional(),
    'Keeps the videos in this status ("completed" is done); all by default.'
  ),
  tab: described(
    vine.enum(VIDEO_TABS).optional(),
    'Which tab: "completed" lists every rendered video, "drafts" the rest.'
  ),
  perPage: described(
    vine.number().withoutDecimals().range([1, MAX_PER_PAGE]).optional(),
    `Answers a page of this many (1 to ${MAX_PER_PAGE}) as { data, meta } with cursors.`
  ),
  after: described(
    vine.string().regex(CURSOR).optional(),
    'A cursor, a page’s meta.next: the videos older than it.'
  ),
  before: described(
    vine.string().regex(CURSOR).optional(),
    'A cursor, a page’s meta.previous: the videos newer than it.'
  ),
})
