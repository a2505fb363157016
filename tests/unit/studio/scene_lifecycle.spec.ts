import { test } from '@japa/runner'
import { SCENE_STATUSES, type SceneStatus } from '#shared/statuses'
import { nextSceneStatus, type SceneTransition } from '#studio/render/scene_lifecycle'

/** Where each transition takes a scene; a redraw, an edit or a run may come at any point. */
const TARGETS: Record<SceneTransition, SceneStatus> = {
  reset: 'pending',
  begin: 'processing',
  complete: 'completed',
  fail: 'failed',
}

test.group('Scene lifecycle', () => {
  for (const from of SCENE_STATUSES) {
    for (const [transition, to] of Object.entries(TARGETS) as [SceneTransition, SceneStatus][]) {
      test(`${transition} takes a ${from} scene to ${to}`, ({ assert }) => {
        assert.equal(nextSceneStatus(from, transition), to)
      })
    }
  }
})
