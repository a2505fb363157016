import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { client } from '~/lib/client'

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'processing', label: 'Processing' },
  { value: 'rendering', label: 'Rendering' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const

export type StatusFilter = (typeof STATUS_FILTERS)[number]['value']
export type Tab = 'completed' | 'drafts'
export type VideoFilters = { search: string; status: StatusFilter; tab: Tab }

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DELAY_MS = 300

export function isStatusFilter(value: string): value is StatusFilter {
  return STATUS_FILTERS.some((filter) => filter.value === value)
}

/** Goes to another page of My Videos, keeping search, filter and tab in the URL. */
export function visitVideos(
  query: VideoFilters & { after?: string; before?: string },
  { replace = false } = {}
) {
  const params: Record<string, string> = { tab: query.tab }
  if (query.search !== '') params.search = query.search
  if (query.status !== 'all') params.status = query.status
  if (query.after) params.after = query.after
  if (query.before) params.before = query.before
  router.get(client.urlFor('studio.videos.index'), params, {
    only: ['library', 'filters'],
    preserveState: true,
    preserveScroll: replace,
    replace,
  })
}

/**
 * My Videos' search box, status filter and tab, kept in the URL: the search
 * reaches the server once typing pauses, the others at once.
 */
export function useVideoFilters(filters: VideoFilters) {
  const [search, setSearch] = useState(filters.search)

  useEffect(() => {
    if (search.trim() === filters.search) return
    const timer = setTimeout(
      () => visitVideos({ ...filters, search: search.trim() }, { replace: true }),
      SEARCH_DELAY_MS
    )
    return () => clearTimeout(timer)
  }, [search, filters])

  return {
    search,
    setSearch,
    filtering: filters.search !== '' || filters.status !== 'all',
    setStatus: (value: string) =>
      visitVideos({ ...filters, status: isStatusFilter(value) ? value : 'all' }, { replace: true }),
    setTab: (value: string) =>
      visitVideos(
        { ...filters, tab: value === 'drafts' ? 'drafts' : 'completed' },
        { replace: true }
      ),
    clear: () => {
      setSearch('')
      visitVideos({ search: '', status: 'all', tab: filters.tab }, { replace: true })
    },
  }
}
