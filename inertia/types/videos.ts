import type { AspectRatio, ProjectStatus } from '~/types/studio'

/**
 * Shapes of the video API answers (spec §3 "Video (as listed)" plus the
 * project fields the video pages need).
 */

/** The server stores `done`; `completed` is its older synonym (spec §4). */
export type VideoStatus = ProjectStatus | 'completed'

export type Video = {
  id: number
  prompt: string
  style: string
  /** Seconds. */
  duration: number
  status: VideoStatus
  thumbUrl: string | null
  outputVideoUrl: string | null
  /** ISO date-time. */
  createdAt: string
  aspectRatio: AspectRatio
  /** e.g. '720x1280'; null until rendered. */
  resolution: string | null
  progressPercent: number
  error: string | null
}

/** GET /api/video/status/{projectId}. */
export type VideoStatusReport = {
  status: VideoStatus
  error: string | null
  /** 0-100. */
  progress: number
}
