import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'

test.group('Player: Download in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Download saves the file as <title>.mp4 and the page stays', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('player.download@example.com')
    const project = await createProject(user, 1)
    await Scene.query()
      .where('project_id', project.id)
      .update({ prompt: 'A lighthouse keeper climbs the stairs.' })
    const key = `projects/${project.id}/video-1.mp4`
    await new MediaStorage().put(key, Buffer.from('not really an mp4'), 'video/mp4')
    await project.merge({ status: 'done', progressPercent: 100, outputVideoKey: key }).save()
    await browserContext.loginAs(user)

    const page = await visit(`/player/${project.id}`)
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download' }).click()
    const download = await downloading

    assert.equal(download.suggestedFilename(), 'A lighthouse keeper climbs the stairs.mp4')
    assert.equal(await download.failure(), null)
    assert.equal(new URL(page.url()).pathname, `/player/${project.id}`)
    assert.lengthOf(browserContext.pages(), 1)
  })
})
