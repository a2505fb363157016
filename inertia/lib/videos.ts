import type { Data } from '@generated/data'
import { isGenerating, PROJECT_STATUSES, type ProjectStatus } from '@studio/statuses'
import { client } from '~/lib/client'

type Video = Data.Studio.Video

/**
 * Video-list rules shared by Home, My Videos, the status screen and the
 * video page (docs/product.md). The statuses are the server's own
 * (`@studio/statuses`): it stores and sends `done`, never `completed`.
 */

export { isGenerating }

/** A status as the server sends it; anything unknown shows as Queued (docs/product.md). */
export function normalizeStatus(status: string): ProjectStatus {
  return (PROJECT_STATUSES as readonly string[]).includes(status)
    ? (status as ProjectStatus)
    : 'queued'
}

export function isDone(status: ProjectStatus) {
  return status === 'done'
}

/**
 * Where a My Videos card leads (docs/product.md, My Videos): a video with a
 * finished file to the player (also while it is re-rendered, or after a
 * re-render was cancelled or failed), drafts and failures to the
 * storyboard, everything else to the status screen.
 */
export function videoHref(video: Pick<Video, 'id' | 'status' | 'outputVideoUrl'>) {
  const status = normalizeStatus(video.status)
  if (video.outputVideoUrl) {
    return client.urlFor('studio.player.show', { videoId: video.id })
  }
  if (status === 'draft' || status === 'failed') {
    return client.urlFor('studio.storyboard.show', { projectId: video.id })
  }
  return client.urlFor('studio.status.show', { projectId: video.id })
}

/**
 * What the latest run did to a video that has a finished file from an
 * earlier one (docs/product.md, Player): null when the file is its latest.
 */
export function keptVideoNote(status: ProjectStatus, hasVideo: boolean) {
  if (!hasVideo) return null
  if (isGenerating(status)) return 'Re-rendering… your previous video stays available.'
  if (status === 'failed') return 'The re-render failed; your previous video stays available.'
  if (status === 'draft') return 'The re-render was cancelled; your previous video stays available.'
  return null
}

/** The first `length` characters, plus `ellipsis` when the prompt is longer (docs/product.md, My Videos). */
export function previewText(text: string, length: number, ellipsis: string) {
  return text.length > length ? `${text.slice(0, length)}${ellipsis}` : text
}

/** 'studio-ghibli' → 'Studio Ghibli'. */
export function styleLabel(style: string) {
  return style
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

function parseDate(value: string) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function formatDate(value: string) {
  return parseDate(value)?.toLocaleDateString(undefined, { dateStyle: 'medium' }) ?? value
}

export function formatDateTime(value: string) {
  return (
    parseDate(value)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ??
    value
  )
}
