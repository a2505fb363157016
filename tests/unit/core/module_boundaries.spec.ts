import { test } from '@japa/runner'
import { ESLint } from 'eslint'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

const eslint = new ESLint({ cwd: app.makePath() })

async function boundaryErrors(fromFile: string, importPath: string, kind: 'value' | 'type') {
  const statement = kind === 'type' ? 'import type' : 'import'
  const [result] = await eslint.lintText(
    `${statement} target from '${importPath}'\n\nexport type Target = typeof target\n`,
    { filePath: app.makePath(fromFile) }
  )
  return result.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message)
}

type Case = { from: string; target: string; kind?: 'value' | 'type' }

test.group('Module boundaries (lint)', () => {
  test('{from} importing {target} is rejected')
    .with<Case[]>([
      { from: 'app/media/services/renderer.ts', target: '#studio/models/project' },
      { from: 'app/billing/actions/grant_credits.ts', target: '#studio/models/project' },
      { from: 'app/core/helpers/thing.ts', target: '#auth/models/user' },
      { from: 'app/auth/actions/sign_in.ts', target: '#billing/actions/grant_credits' },
      { from: 'app/studio/actions/create_project.ts', target: '#admin/queries/stats' },
      { from: 'app/media/services/renderer.ts', target: '../../studio/models/project.js' },
      // Studio reaches the music library through media's queries, never its model.
      { from: 'app/studio/actions/create_project.ts', target: '#media/models/music_track' },
      { from: 'app/studio/jobs/render_video_job.ts', target: '../../media/models/music_track.js' },
      {
        from: 'app/studio/jobs/render_video_job.ts',
        target: '#media/models/music_track',
        kind: 'type',
      },
      // Billing and studio name auth's User only as a type.
      { from: 'app/billing/actions/handle_stripe_event.ts', target: '#auth/models/user' },
      { from: 'app/billing/services/credit_ledger.ts', target: '../../auth/models/user.js' },
      { from: 'app/studio/actions/create_project.ts', target: '#auth/models/user' },
      // Server code never depends on the front end.
      { from: 'app/studio/services/scene_splitter.ts', target: '~/lib/script_plan' },
      {
        from: 'app/studio/services/scene_splitter.ts',
        target: '../../../inertia/lib/script_plan.js',
      },
      { from: 'app/studio/models/scene.ts', target: '@generated/data' },
      { from: 'bin/bench.ts', target: '../inertia/lib/client.js' },
      { from: 'start/routes.ts', target: '~/lib/client' },
      { from: 'tests/unit/studio/scene_splitter.spec.ts', target: '~/lib/script_plan' },
      // Shared code imports no module, no front end and no framework.
      { from: 'app/shared/script_plan.ts', target: '#studio/models/scene' },
      { from: 'app/shared/script_plan.ts', target: '#core/vocabulary', kind: 'type' },
      { from: 'app/shared/script_plan.ts', target: '../studio/models/scene.js' },
      { from: 'app/shared/script_plan.ts', target: '../../inertia/lib/client.js' },
      { from: 'app/shared/script_plan.ts', target: '~/lib/client' },
      { from: 'app/shared/script_plan.ts', target: '@adonisjs/core/services/app' },
      { from: 'app/shared/script_plan.ts', target: 'react' },
      // A module's public code is as pure: no framework, no model, no other module.
      { from: 'app/studio/public/statuses.ts', target: '#studio/models/project' },
      { from: 'app/studio/public/statuses.ts', target: '../models/project.js' },
      { from: 'app/media/public/picture_framing.ts', target: '@adonisjs/core/services/app' },
      { from: 'app/billing/public/billing_dates.ts', target: '#auth/models/user', kind: 'type' },
      // The shared folder belongs to no module, so it reads no module's public code either.
      { from: 'app/shared/script_plan.ts', target: '#studio/public/statuses' },
      // Media never reads studio, its public code included.
      { from: 'app/media/render/renderer.ts', target: '#studio/public/statuses' },
      // The front end reads the server only through generated types and shared code.
      { from: 'inertia/pages/studio/setup.tsx', target: '#studio/models/project' },
      { from: 'inertia/pages/studio/setup.tsx', target: '#studio/models/project', kind: 'type' },
      { from: 'inertia/lib/client.ts', target: '../../app/studio/models/project.js' },
      { from: 'inertia/lib/client.ts', target: '../../start/routes.js' },
    ])
    .run(async ({ assert }, { from, target, kind }) => {
      const errors = await boundaryErrors(from, target, kind ?? 'value')

      assert.lengthOf(errors, 1)
      assert.match(
        errors[0],
        /must not|app\/shared is pure|public\/ folder is pure|front end reaches the server/
      )
    })

  test('{from} importing {target} is allowed')
    .with<Case[]>([
      { from: 'app/studio/actions/generate_video.ts', target: '#billing/actions/charge_credits' },
      { from: 'app/studio/actions/generate_video.ts', target: '#media/renderer' },
      { from: 'app/studio/actions/create_project.ts', target: '#media/queries/find_music_track' },
      { from: 'app/billing/actions/grant_credits.ts', target: '#auth/models/user', kind: 'type' },
      {
        from: 'app/billing/services/credit_ledger.ts',
        target: '#billing/services/credit_balances',
      },
      {
        from: 'app/billing/services/billing_account_standing.ts',
        target: '#auth/contracts/account_standing',
      },
      { from: 'app/admin/queries/stats.ts', target: '#studio/models/project' },
      { from: 'app/admin/queries/stats.ts', target: '#media/models/music_track' },
      { from: 'app/media/services/renderer.ts', target: '#core/queue/job' },
      { from: 'app/media/providers/ai_providers.ts', target: '@adonisjs/core/services/app' },
      { from: 'app/auth/middleware/inertia_middleware.ts', target: '@adonisjs/inertia/types' },
      { from: 'app/studio/models/scene.ts', target: '#shared/script_plan' },
      { from: 'app/shared/scene_words.ts', target: './script_plan.js' },
      { from: 'inertia/pages/studio/setup.tsx', target: '@shared/script_plan' },
      { from: 'inertia/pages/studio/setup.tsx', target: '@generated/data', kind: 'type' },
      { from: 'inertia/pages/studio/setup.tsx', target: '~/lib/client' },
      { from: 'inertia/lib/client.ts', target: '../../app/shared/script_plan.js' },
      {
        from: 'app/studio/transformers/scene_transformer.ts',
        target: '#media/public/picture_framing',
      },
      { from: 'app/studio/public/statuses.ts', target: '#shared/script_plan' },
      { from: 'app/studio/public/statuses.ts', target: './other.js' },
      { from: 'inertia/pages/studio/storyboard.tsx', target: '@studio/statuses' },
      { from: 'inertia/pages/billing/test_portal.tsx', target: '@billing/billing_dates' },
    ])
    .run(async ({ assert }, { from, target, kind }) => {
      assert.deepEqual(await boundaryErrors(from, target, kind ?? 'value'), [])
    })
})

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * What an import lint cannot see: a module naming auth's table in a query,
 * or saving an account it was handed. Auth's services do both for them.
 */
const REACH_INS = [
  { what: "auth's users table", pattern: /\b(from|table|join|into|update)\(\s*['"`]users\b/ },
  { what: "auth's users table in SQL", pattern: /\b(from|join|into|update)\s+users\b/i },
  { what: 'a write to an account model', pattern: /\buser\.(merge|save|fill|delete)\(/ },
]

/** Billing's own row per account (balance, plan, Stripe links): others ask billing. */
const BILLING_REACH_INS = [
  {
    what: "billing's accounts table",
    pattern: /\b(from|table|join|into|update)\(\s*['"`]billing_accounts\b/,
  },
  {
    what: "billing's accounts table in SQL",
    pattern: /\b(from|join|into|update)\s+billing_accounts\b/i,
  },
]

async function reachIns(module: string, patterns: typeof REACH_INS) {
  const found: string[] = []
  for (const file of await sourceFiles(app.makePath('app', module))) {
    const source = await readFile(file, 'utf8')
    source.split('\n').forEach((line, index) => {
      for (const { what, pattern } of patterns) {
        if (pattern.test(line)) {
          found.push(`${relative(app.makePath(), file)}:${index + 1} ${what}: ${line.trim()}`)
        }
      }
    })
  }
  return found
}

test.group('Module boundaries (source)', () => {
  test('{module} never reaches into auth’s users table or saves an account')
    .with([{ module: 'billing' }, { module: 'studio' }])
    .run(async ({ assert }, { module }) => {
      assert.deepEqual(await reachIns(module, REACH_INS), [])
    })

  test('{module} never reaches into billing’s accounts table')
    .with([{ module: 'auth' }, { module: 'studio' }, { module: 'media' }])
    .run(async ({ assert }, { module }) => {
      assert.deepEqual(await reachIns(module, BILLING_REACH_INS), [])
    })

  test('the check sees a reach-in: {line}')
    .with([
      { line: "const user = await trx.from('users').where('id', 1).first()" },
      { line: "await db.table('users').insert({ email })" },
      { line: "await trx.from('plans').join('users', 'users.plan', 'plans.slug')" },
      { line: 'await db.rawQuery(`update users set credits = 0`)' },
      { line: "await user.merge({ plan: 'pro' }).save()" },
      { line: "await trx.from('billing_accounts').where('user_id', 1).update({ credits: 0 })" },
      { line: 'await db.rawQuery(`select plan from billing_accounts where user_id = 1`)' },
    ])
    .run(({ assert }, { line }) => {
      const all = [...REACH_INS, ...BILLING_REACH_INS]
      assert.isTrue(all.some(({ pattern }) => pattern.test(line)))
    })
})
