import { useCallback, useEffect, useRef } from 'react'
import type { Data } from '@generated/data'

type Project = Data.Studio.Project.Variants['forPage']

/** Signed media URLs live 2 h; an adopted one is reused for at most 1 h. */
const REUSE_MS = 60 * 60 * 1000

function pathOf(url: string) {
  return url.split('?')[0]
}

/**
 * Every project reload signs the scene media afresh, so the same still comes
 * back under a new URL each time. Reusing the URL already shown while it
 * points at the same file (and is young enough) stops the storyboard from
 * re-downloading every image on each 3 s refresh.
 */
export function useStableSceneUrls() {
  const adoptedAt = useRef(new Map<string, number>())
  const mountedAt = useRef(0)

  useEffect(() => {
    mountedAt.current = Date.now()
  }, [])

  return useCallback((current: Project, fresh: Project): Project => {
    const now = Date.now()
    const adopted = adoptedAt.current

    const keep = (shown: string | null, next: string | null) => {
      if (!shown || !next || pathOf(shown) !== pathOf(next)) {
        if (next) adopted.set(next, adopted.get(next) ?? now)
        return next
      }
      const since = adopted.get(shown) ?? mountedAt.current
      if (now - since < REUSE_MS) {
        return shown
      }
      adopted.set(next, adopted.get(next) ?? now)
      return next
    }

    const shownScenes = new Map(current.scenes.map((scene) => [scene.id, scene]))
    return {
      ...fresh,
      scenes: fresh.scenes.map((scene) => {
        const shown = shownScenes.get(scene.id)
        return shown
          ? {
              ...scene,
              thumbnailUrl: keep(shown.thumbnailUrl, scene.thumbnailUrl),
              videoUrl: keep(shown.videoUrl, scene.videoUrl),
            }
          : scene
      }),
    }
  }, [])
}
