import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MediaStorage } from '#media/services/media_storage'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'

test.group('Player: Ready to post in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the post is copied field by field, edited, refused beside its field, and saved', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createAccount('player.post@example.com')
    const project = await createProject(user, 1)
    const key = `projects/${project.id}/video-1.mp4`
    await new MediaStorage().put(key, Buffer.from('not really an mp4'), 'video/mp4')
    await project
      .merge({
        status: 'done',
        progressPercent: 100,
        outputVideoKey: key,
        post: {
          title: 'The last night of the lighthouse keeper',
          description: 'He climbs the spiral stairs one last time.',
          hashtags: ['#lighthouse', '#keeper', '#sea'],
        },
      })
      .save()
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'])
    await browserContext.loginAs(user)

    const page = await visit(`/player/${project.id}`)
    const card = page.getByRole('region', { name: 'Ready to post' })
    await card.getByRole('button', { name: 'Copy hashtags' }).click()
    await page.getByText('Hashtags copied').waitFor()
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      '#lighthouse #keeper #sea'
    )

    await card.getByRole('button', { name: 'Edit' }).click()
    const title = page.getByLabel('Title')
    await title.waitFor()
    assert.isTrue(await title.evaluate((input) => input === document.activeElement))
    await title.fill('Goodbye, lighthouse')
    await page.getByLabel('Hashtags').fill('#lighthouse light-house sea')
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('“#light-house”: Each hashtag is # followed by letters').waitFor()

    await page.getByLabel('Hashtags').fill('#lighthouse lighthouse_keeper sea dawn')
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Post saved').waitFor()

    await card.getByText('Goodbye, lighthouse').waitFor()
    assert.equal(
      await card.getByText('#lighthouse_keeper').textContent(),
      '#lighthouse_keeper',
      'a missing # is added'
    )
    await project.refresh()
    assert.deepEqual(project.post, {
      title: 'Goodbye, lighthouse',
      description: 'He climbs the spiral stairs one last time.',
      hashtags: ['#lighthouse', '#lighthouse_keeper', '#sea', '#dawn'],
    })
  })
})
