import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

const APP = join(import.meta.dirname, '../../../app')

/** A call chain (`.where(…).whereExists((q) => q.where(…))` …) leading to `.update(`. */
const CHAIN = String.raw`(?:\s*\.\w+\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))*\s*\.update\(`

/**
 * Every TypeScript file under app/ but `home`, with where `check` finds it
 * writing what only `home` may write.
 */
async function offenders(home: string, check: (source: string) => string[]) {
  const found: string[] = []
  for (const entry of await readdir(APP, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
    const path = relative(APP, join(entry.parentPath, entry.name))
    if (path === home) continue
    const source = await readFile(join(APP, path), 'utf8')
    found.push(...check(source).map((write) => `${path} (${write})`))
  }
  return found
}

/** The video's writes (its status and progress) anywhere but `VideoLifecycle`. */
function videoStatusWrites(source: string) {
  const writes = [
    // The projects table or model updated in bulk
    new RegExp(String.raw`from\('projects'\)${CHAIN}`),
    new RegExp(String.raw`Project\.query\([^)]*\)${CHAIN}`),
    // A project created with a status of its own instead of NEW_VIDEO
    /Project\.create(Many)?\(\{[^}]*\b(status|progressPercent)\b/,
    // A status assigned on a loaded project
    /project\w*\.(status|progressPercent)\s*=[^=]/i,
  ]
  const found = writes.filter((pattern) => pattern.test(source)).map(String)
  // A model's status or progress changed through merge, unless the model is a scene, a payment or a series
  for (const [, receiver] of source.matchAll(
    /(\w+)\s*\.merge\(\{[^}]*\b(status|progressPercent)\b/g
  )) {
    if (!/scene|payment|series/i.test(receiver)) found.push(`${receiver}.merge`)
  }
  return found
}

/** A scene's status written anywhere but `SceneLifecycle`. */
function sceneStatusWrites(source: string) {
  const writes = [
    // The scenes table or model updated in bulk, or by hand-written SQL
    new RegExp(String.raw`from\('scenes'\)${CHAIN}`),
    new RegExp(String.raw`Scene\.query\([^)]*\)${CHAIN}`),
    /\bupdate\s+"?scenes"?\s+set\b/i,
    // A scene created with a status of its own instead of NEW_SCENE
    /(Scene\.\w*[cC]reate\w*|related\('scenes'\)\s*\.\w*[cC]reate\w*)\([^}]*\bstatus\b/,
    // A status assigned on a loaded scene
    /scene\w*\.status\s*=[^=]/i,
  ]
  const found = writes.filter((pattern) => pattern.test(source)).map(String)
  // A scenes query kept in a variable and updated later
  const built = /(?:const|let)\s+(\w+)\s*=\s*(?:\w+\s*\.)?(?:from\('scenes'\)|Scene\.query\()/g
  for (const [, name] of source.matchAll(built)) {
    if (new RegExp(String.raw`\b${name}\s*\.update\(`).test(source)) found.push(`${name}.update`)
  }
  // A scene's status changed through merge or fill (other models' merges are the video test's)
  for (const [, receiver] of source.matchAll(/(\w+)\s*\.(?:merge|fill)\(\{[^}]*\bstatus\b/g)) {
    if (/scene/i.test(receiver)) found.push(`${receiver}.merge`)
  }
  return found
}

/** Each way a scene's status was written before `SceneLifecycle` owned it. */
const SCENE_WRITES = [
  `await scene.merge({ status: 'processing', errorMessage: null }).save()`,
  `lockedScene.merge({\n  prompt: input.prompt,\n  status: 'pending',\n})`,
  `await Scene.create({ projectId: project.id, order, status: 'pending' }, { client: trx })`,
  `await created.related('scenes').createMany(\n  texts.map((text) => ({ prompt: text, status: 'pending' as const }))\n)`,
  `await Scene.query({ client: trx })\n  .where('project_id', project.id)\n  .whereNull('clip_source_key')\n  .update({ status: 'pending' })`,
  `const query = db.from('scenes').where('id', scene.id).update({ status: 'completed' })`,
  `const query = db\n  .from('scenes')\n  .whereExists((p) => p.from('projects').where('id', 1))\nawait query.update({ status: 'completed' })`,
  `await db\n  .from('scenes')\n  .whereExists((p) => p.from('projects').where('id', 1))\n  .update({ status: 'completed' })`,
  `scene.status = 'failed'`,
  `await db.rawQuery('update scenes set status = ? where id = ?', ['failed', id])`,
]

test.group('Status owners', () => {
  test('the scene check finds write {$i}')
    .with(SCENE_WRITES)
    .run(({ assert }, write) => {
      assert.isNotEmpty(sceneStatusWrites(write))
    })

  test('nothing under app/ writes a video status but its state machine', async ({ assert }) => {
    assert.deepEqual(await offenders('studio/render/video_lifecycle.ts', videoStatusWrites), [])
  })

  test('nothing under app/ writes a scene status but its lifecycle', async ({ assert }) => {
    assert.deepEqual(await offenders('studio/render/scene_lifecycle.ts', sceneStatusWrites), [])
  })
})
