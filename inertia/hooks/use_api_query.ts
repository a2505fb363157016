import { useCallback, useEffect, useState } from 'react'
import { apiRequest } from '~/lib/api'

type QueryState<T> =
  | { status: 'loading'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: unknown }

type QueryOptions = {
  /** Further attempts after a failure, with 1 s, 2 s, 4 s … between them. */
  retry?: number
  /** How long an answer is reused across mounts (page visits), in ms. */
  staleTime?: number
}

const cache = new Map<string, { data: unknown; at: number }>()

function freshEntry(path: string, staleTime: number) {
  const entry = cache.get(path)
  return entry && Date.now() - entry.at < staleTime ? entry : undefined
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * A GET through apiRequest with retries and a small in-memory cache (the
 * "retry 3, fresh 5 min" of spec §7). `reload()` asks again, ignoring the cache.
 */
export function useApiQuery<T>(path: string, { retry = 0, staleTime = 0 }: QueryOptions = {}) {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<QueryState<T>>(() => {
    const entry = freshEntry(path, staleTime)
    return entry
      ? { status: 'success', data: entry.data as T, error: null }
      : { status: 'loading', data: undefined, error: null }
  })

  useEffect(() => {
    if (attempt === 0 && freshEntry(path, staleTime)) {
      return
    }
    let cancelled = false

    const run = async () => {
      for (let failures = 0; ; failures++) {
        try {
          const data = await apiRequest<T>('GET', path)
          cache.set(path, { data, at: Date.now() })
          if (!cancelled) {
            setState({ status: 'success', data, error: null })
          }
          return
        } catch (error) {
          if (failures >= retry) {
            if (!cancelled) {
              setState({ status: 'error', data: undefined, error })
            }
            return
          }
          await wait(Math.min(1000 * 2 ** failures, 30_000))
          if (cancelled) {
            return
          }
        }
      }
    }

    void run()
    return () => {
      cancelled = true
    }
  }, [path, retry, staleTime, attempt])

  const reload = useCallback(() => {
    cache.delete(path)
    setState({ status: 'loading', data: undefined, error: null })
    setAttempt((value) => value + 1)
  }, [path])

  return { ...state, reload }
}
