import { useCallback, useEffect, useRef, useState } from 'react'
import { usePolling } from '~/hooks/use_polling'
import { apiRequest } from '~/lib/api'
import { isGenerating } from '~/lib/videos'
import type { Video } from '~/types/videos'

const REFRESH_MS = 5000

type MyVideosOptions = {
  /** Re-fetch every 5 s while any video is queued, processing or rendering (spec §4). */
  pollWhileGenerating?: boolean
}

/**
 * GET /api/my-videos (newest first). `videos` stays null until the first
 * answer; later refreshes keep the current list on screen. `refreshing` is
 * true during the first load and manual refreshes (not background polls).
 */
export function useMyVideos({ pollWhileGenerating = false }: MyVideosOptions = {}) {
  const [videos, setVideos] = useState<Video[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [refreshing, setRefreshing] = useState(true)

  // Only the newest request may write the list (polls can overlap refreshes and deletes)
  const requests = useRef({ latest: 0 })

  const load = useCallback(() => {
    const tracker = requests.current
    const request = ++tracker.latest
    const current = () => request === tracker.latest
    return apiRequest<Video[]>('GET', '/api/my-videos').then(
      (fresh) => {
        if (current()) {
          setVideos(Array.isArray(fresh) ? fresh : [])
          setError(null)
          setRefreshing(false)
        }
      },
      (failure: unknown) => {
        if (current()) {
          setError(failure)
          setRefreshing(false)
        }
      }
    )
  }, [])

  useEffect(() => {
    const tracker = requests.current
    void load()
    return () => {
      // Answers arriving after unmount are dropped
      tracker.latest++
    }
  }, [load])

  const refresh = useCallback(() => {
    setRefreshing(true)
    return load()
  }, [load])

  const poll = useCallback(() => {
    // No need to poll a tab nobody is looking at; the next tick catches up
    if (document.visibilityState === 'hidden') {
      return
    }
    return load()
  }, [load])

  const anyGenerating = videos?.some((video) => isGenerating(video.status)) ?? false
  usePolling(poll, pollWhileGenerating && anyGenerating ? REFRESH_MS : null)

  /** Drops a video locally (after a delete) without waiting for the next fetch. */
  const remove = useCallback((id: number) => {
    setVideos((current) => current?.filter((video) => video.id !== id) ?? current)
  }, [])

  return {
    videos,
    error,
    loading: videos === null && error === null,
    refreshing,
    refresh,
    remove,
  }
}
