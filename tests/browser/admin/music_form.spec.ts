import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MediaStorage } from '#media/services/media_storage'
import { createOperator, makeAudio } from '#tests/helpers/admin'

test.group('Admin: the music track form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('checks title and mood before sending, and forgets an error once its field is filled', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    const operator = await createOperator()
    await browserContext.loginAs(operator)
    const page = await visit('/admin/music')
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(request.url())
    })

    await page.getByRole('button', { name: 'Add Track' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Add Track' }).click()
    await dialog.getByText('Title is required').waitFor()
    await dialog.getByText('Mood is required').waitFor()
    assert.deepEqual(posts, [])

    await dialog.getByLabel('Mood').selectOption({ label: 'Epic' })
    await dialog.getByText('Mood is required').waitFor({ state: 'detached' })
    await dialog.getByText('Title is required').waitFor()

    await dialog.getByLabel('Audio file').setInputFiles({
      name: 'night-drive.mp3',
      mimeType: 'audio/mpeg',
      buffer: await makeAudio('mp3', 2),
    })
    await page.getByText('Upload Complete', { exact: true }).waitFor()
    assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'night-drive')
    await dialog.getByText('Title is required').waitFor({ state: 'detached' })

    const fileUrl = await dialog.getByText(/^\/music\/night-drive-[0-9a-f]+\.mp3$/).textContent()
    cleanup(() => new MediaStorage().delete(fileUrl!.slice(1)))
    await dialog.getByRole('button', { name: 'Add Track' }).click()
    await page.getByText('Music track added successfully').waitFor()
    await page.getByRole('heading', { name: 'night-drive' }).waitFor()
  })
})
