import { useState } from 'react'

/** The storyboard's ticked scenes, by id. */
export function useSceneSelection() {
  const [selectedIds, setSelectedIds] = useState<Set<number>>(() => new Set())

  function setSelected(sceneId: number, selected: boolean) {
    setSelectedIds((current) => {
      const next = new Set(current)
      if (selected) next.add(sceneId)
      else next.delete(sceneId)
      return next
    })
  }

  return { selectedIds, setSelected, clear: () => setSelectedIds(new Set()) }
}
