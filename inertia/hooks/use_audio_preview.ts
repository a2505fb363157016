import { useCallback, useEffect, useRef, useState } from 'react'

export type PreviewState = 'loading' | 'playing'

type PlayOptions = {
  /** Stop after this many seconds of playback. */
  maxSeconds?: number
  onError?: (error: unknown) => void
}

/**
 * One audio preview at a time for a page. `toggle(key, source)` starts the
 * preview called `key` (stopping any other) or stops it when it is the one
 * playing or loading. `source` is a URL or a function resolving to one.
 */
export function useAudioPreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null)
  const activeKeyRef = useRef<string | null>(null)
  const requestRef = useRef(0)
  const [active, setActive] = useState<{ key: string; state: PreviewState } | null>(null)

  const stop = useCallback(() => {
    requestRef.current += 1
    activeKeyRef.current = null
    const audio = audioRef.current
    audioRef.current = null
    if (audio) {
      audio.pause()
      audio.removeAttribute('src')
      audio.load()
    }
    setActive(null)
  }, [])

  const toggle = useCallback(
    async (key: string, source: string | (() => Promise<string>), options: PlayOptions = {}) => {
      if (activeKeyRef.current === key) {
        stop()
        return
      }
      stop()
      const request = requestRef.current
      activeKeyRef.current = key
      setActive({ key, state: 'loading' })

      const current = () => requestRef.current === request
      try {
        const src = typeof source === 'string' ? source : await source()
        if (!current()) {
          return
        }
        const audio = new Audio(src)
        audioRef.current = audio
        audio.addEventListener('ended', () => {
          if (current()) stop()
        })
        if (options.maxSeconds !== undefined) {
          const limit = options.maxSeconds
          audio.addEventListener('timeupdate', () => {
            if (current() && audio.currentTime >= limit) stop()
          })
        }
        await audio.play()
        if (current()) {
          setActive({ key, state: 'playing' })
        }
      } catch (error) {
        if (current()) {
          stop()
          options.onError?.(error)
        }
      }
    },
    [stop]
  )

  useEffect(() => stop, [stop])

  return { active, toggle, stop }
}
