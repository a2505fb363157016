import { test } from '@japa/runner'
import { ESLint } from 'eslint'
import app from '@adonisjs/core/services/app'

const eslint = new ESLint({ cwd: app.makePath() })

async function boundaryErrors(fromFile: string, importPath: string) {
  const [result] = await eslint.lintText(
    `import target from '${importPath}'\n\nexport default target\n`,
    { filePath: app.makePath(fromFile) }
  )
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

test.group('Module boundaries (lint)', () => {
  test('{from} importing {target} is rejected')
    .with([
      { from: 'app/media/services/renderer.ts', target: '#studio/models/project' },
      { from: 'app/billing/actions/grant_credits.ts', target: '#studio/models/project' },
      { from: 'app/core/helpers/thing.ts', target: '#auth/models/user' },
      { from: 'app/auth/actions/sign_in.ts', target: '#billing/actions/grant_credits' },
      { from: 'app/studio/actions/create_project.ts', target: '#admin/queries/stats' },
      { from: 'app/media/services/renderer.ts', target: '../../studio/models/project.js' },
    ])
    .run(async ({ assert }, { from, target }) => {
      const errors = await boundaryErrors(from, target)

      assert.lengthOf(errors, 1)
      assert.include(errors[0], 'must not depend on')
    })

  test('{from} importing {target} is allowed')
    .with([
      { from: 'app/studio/actions/generate_video.ts', target: '#billing/actions/charge_credits' },
      { from: 'app/studio/actions/generate_video.ts', target: '#media/renderer' },
      { from: 'app/billing/actions/grant_credits.ts', target: '#auth/models/user' },
      { from: 'app/admin/queries/stats.ts', target: '#studio/models/project' },
      { from: 'app/media/services/renderer.ts', target: '#core/queue/job' },
    ])
    .run(async ({ assert }, { from, target }) => {
      assert.deepEqual(await boundaryErrors(from, target), [])
    })
})
