import { test } from '@japa/runner'
import { SCENE_STATUSES, type SceneStatus } from '#studio/public/statuses'
import { SCENE_TRANSITIONS, type SceneTransition } from '#studio/render/scene_lifecycle'

/** Where each transition takes a scene, and the statuses it may not happen in. */
const RULES: Record<SceneTransition, { to: SceneStatus; refusedFrom: SceneStatus[] }> = {
  // A redraw, an edit or a run may come at any point of the last one.
  reset: { to: 'pending', refusedFrom: [] },
  // A retried attempt begins again; a kept clip re-framed for a bigger frame begins a made scene.
  begin: { to: 'processing', refusedFrom: [] },
  // A kept clip source completes a scene that waits, failed, or is done.
  complete: { to: 'completed', refusedFrom: [] },
  // Only an attempt under way fails: an edit or cancel meanwhile wins, a made scene stays made.
  fail: { to: 'failed', refusedFrom: ['pending', 'completed', 'failed'] },
}

test.group('Scene lifecycle', () => {
  for (const from of SCENE_STATUSES) {
    for (const [transition, rule] of Object.entries(RULES) as [
      SceneTransition,
      (typeof RULES)[SceneTransition],
    ][]) {
      const refused = rule.refusedFrom.includes(from)
      test(`${transition} ${refused ? 'is refused for' : `takes to ${rule.to}`} a ${from} scene`, ({
        assert,
      }) => {
        const { from: allowed, to } = SCENE_TRANSITIONS[transition]
        assert.equal(to, rule.to)
        assert.equal((allowed as readonly SceneStatus[]).includes(from), !refused)
      })
    }
  }
})
