import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { PROJECT_STATUSES, type ProjectStatus } from '#studio/models/project'
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

  test('nothing under app/ writes a video status but the state machine', async ({ assert }) => {
    const root = join(import.meta.dirname, '../../../app')
    const home = 'studio/render/video_lifecycle.ts'
    // A call chain (`.where(…).whereIn(…)` …) leading to `.update(`.
    const chain = String.raw`(?:\s*\.\w+\((?:[^()]|\([^()]*\))*\))*\s*\.update\(`
    const writes = [
      // The projects table or model updated in bulk
      new RegExp(String.raw`from\('projects'\)${chain}`),
      new RegExp(String.raw`Project\.query\([^)]*\)${chain}`),
      // A project created with a status of its own instead of NEW_VIDEO
      /Project\.create(Many)?\(\{[^}]*\b(status|progressPercent)\b/,
      // A status assigned on a loaded project
      /project\w*\.(status|progressPercent)\s*=[^=]/i,
    ]
    // A model's status or progress changed through merge, unless the model is a scene or a payment
    const merges = /(\w+)\s*\.merge\(\{[^}]*\b(status|progressPercent)\b/g
    const offenders: string[] = []
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
      const path = relative(root, join(entry.parentPath, entry.name))
      if (path === home) continue
      const source = await readFile(join(root, path), 'utf8')
      for (const pattern of writes) {
        if (pattern.test(source)) offenders.push(`${path} (${pattern})`)
      }
      for (const [, receiver] of source.matchAll(merges)) {
        if (!/scene|payment/i.test(receiver)) offenders.push(`${path} (${receiver}.merge)`)
      }
    }
    assert.deepEqual(offenders, [])
  })
})
