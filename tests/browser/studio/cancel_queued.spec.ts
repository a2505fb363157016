import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { GenerateVideo } from '#studio/actions/generate_video'
import Project from '#studio/models/project'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { assertBalanceIsLedger, balanceOf } from '#tests/helpers/billing'
import { createProject, obliterateQueues } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

test.group('Cancel Processing while a video is queued', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a queued video can be cancelled from the {$self} page, as the server allows')
    .with(['status', 'storyboard'] as const)
    .run(async ({ browserContext, visit, assert, cleanup }, page) => {
      // No worker: the run stays queued until it is cancelled.
      await obliterateQueues()
      cleanup(() => obliterateQueues())
      const user = await createAccount(`queued.${page}@example.com`)
      await grantCredits(user, 10)
      const project = await createProject(user, 2)
      const generate = await app.container.make(GenerateVideo)
      const started = await generate.handle(project.id, user.id)
      assert.equal(started.status, 'started')
      await project.refresh()
      assert.equal(project.status, 'queued')
      await browserContext.loginAs(user)

      const screen = await visit(`/${page}/${project.id}`)
      await screen.getByRole('button', { name: 'Cancel Processing' }).click()

      // What the page shows once the run is cancelled: Cancel Processing goes. (Not the
      // flash toast alone: a live reload in flight may read the flash first; see the note on #35.)
      await screen.getByRole('button', { name: 'Cancel Processing' }).waitFor({ state: 'detached' })
      await until(
        async () => {
          const cancelled = await Project.findOrFail(project.id)
          return cancelled.status === 'draft'
        },
        10_000,
        'the project back to draft'
      )
      await user.refresh()
      assert.equal(await balanceOf(user), 20, 'the whole charge is back')
      await assertBalanceIsLedger(assert, user)
    })
    .timeout(60_000)
})
