import { useEffect, useRef } from 'react'

/**
 * Runs `callback` every `delayMs` while `delayMs` is not null; null stops it.
 * The next run is scheduled only once the previous one (sync or async) has
 * settled, so slow requests never pile up. The latest callback is always
 * used without restarting the timer.
 */
export function usePolling(
  callback: () => unknown,
  delayMs: number | null,
  { immediate = false }: { immediate?: boolean } = {}
) {
  const latest = useRef(callback)

  useEffect(() => {
    latest.current = callback
  }, [callback])

  useEffect(() => {
    if (delayMs === null) {
      return
    }
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined

    const tick = async () => {
      try {
        await latest.current()
      } catch (error) {
        console.error(error)
      }
      if (!cancelled) {
        timer = setTimeout(tick, delayMs)
      }
    }

    timer = setTimeout(tick, immediate ? 0 : delayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [delayMs, immediate])
}
