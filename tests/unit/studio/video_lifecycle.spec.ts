import { test } from '@japa/runner'
import { PROJECT_STATUSES, type ProjectStatus } from '#studio/public/statuses'
import { nextStatus, type VideoTransition } from '#studio/render/video_lifecycle'

/** Every transition that may happen, written out by hand: anything else is refused. */
const ALLOWED: [ProjectStatus, VideoTransition, ProjectStatus][] = [
  ['draft', 'start', 'queued'],
  ['done', 'start', 'queued'],
  ['failed', 'start', 'queued'],
  ['queued', 'process', 'processing'],
  ['processing', 'process', 'processing'],
  ['queued', 'render', 'rendering'],
  ['processing', 'render', 'rendering'],
  ['rendering', 'render', 'rendering'],
  ['rendering', 'complete', 'done'],
  ['queued', 'fail', 'failed'],
  ['processing', 'fail', 'failed'],
  ['rendering', 'fail', 'failed'],
  ['queued', 'cancel', 'draft'],
  ['processing', 'cancel', 'draft'],
  ['rendering', 'cancel', 'draft'],
]

const TRANSITIONS: VideoTransition[] = ['start', 'process', 'render', 'complete', 'fail', 'cancel']

test.group('Video lifecycle', () => {
  for (const [from, transition, to] of ALLOWED) {
    test(`${transition} takes a ${from} video to ${to}`, ({ assert }) => {
      assert.equal(nextStatus(from, transition), to)
    })
  }

  for (const from of PROJECT_STATUSES) {
    for (const transition of TRANSITIONS) {
      if (ALLOWED.some(([a, t]) => a === from && t === transition)) continue
      test(`${transition} is refused for a ${from} video`, ({ assert }) => {
        assert.isNull(nextStatus(from, transition))
      })
    }
  }
})
