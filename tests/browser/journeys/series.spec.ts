import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Project from '#studio/models/project'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { balanceOf, setAccount } from '#tests/helpers/billing'
import { screens } from '#tests/helpers/screens'
import { startSeriesWorker } from '#tests/helpers/series'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

test.group('Journey: an agency schedules a series of videos', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('two typed topics made all at once: the page follows both videos to Done and their credits', async ({
    assert,
    browserContext,
    cleanup,
    visit,
  }) => {
    await startSeriesWorker(cleanup)
    const user = await createAccount('series.journey@example.com')
    await setAccount(user, { plan: 'agency' })
    await grantCredits(user, 100)
    const before = await balanceOf(user)
    await browserContext.loginAs(user)
    const page = await visit('/series')
    await page.setViewportSize(DESKTOP)
    const shot = screens(page, 'series-journey')

    await page.getByRole('heading', { name: 'Series', level: 1 }).waitFor()
    await page.getByText('No series yet').waitFor()
    await page.getByRole('button', { name: 'New series' }).click()
    const form = page.getByRole('form', { name: 'New series' })
    await form.getByLabel('Name').fill('Coffee basics')

    // A CSV is read here: too big is refused before it leaves, a bad row comes back by its number.
    const upload = form.getByLabel('Upload a CSV')
    await upload.setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`topic\n${'x'.repeat(100_000)}`),
    })
    await form.getByText('The CSV is limited to 100,000 characters.').waitFor()
    const create = form.getByRole('button', { name: 'Create series' })
    assert.isTrue(await create.isDisabled(), 'nothing to send while the file is refused')
    // Typing topics instead: the file's refusal goes, and the series can be sent.
    await form.getByLabel('Topics, one per line').fill('Moka pot')
    await form.getByText('The CSV is limited to 100,000 characters.').waitFor({ state: 'detached' })
    assert.isTrue(await create.isEnabled())
    await upload.setInputFiles({
      name: 'coffee.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('topic,script\nCold brew,\n=SUM(A1),\n'),
    })
    await form.getByText('coffee.csv: 2 rows').waitFor()
    await form.getByText('Now, all of them').click()
    await form.getByRole('button', { name: 'Create series' }).click()
    await form.getByText(/^Row 3: /).waitFor()
    await shot('csv-refused')
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
    await form.getByRole('button', { name: 'Remove file' }).click()
    // The row's refusal was about that file: it goes with it.
    await form.getByText(/^Row 3: /).waitFor({ state: 'detached' })

    await form.getByLabel('Topics, one per line').fill('Pour over coffee\nFrench press coffee')
    await form.getByText('Now, all of them').click()
    await form.getByLabel('Length').selectOption('10')
    await form.getByText('Times are in your time zone, UTC.').waitFor()
    await shot('form-desktop')
    await page.setViewportSize(PHONE)
    await shot('form-phone')
    await page.setViewportSize(DESKTOP)
    await form.getByRole('button', { name: 'Create series' }).click()

    await page.waitForURL(/\/series\/\d+$/)
    await page.getByText('Series created.').waitFor()
    await page.getByRole('heading', { name: 'Coffee basics', level: 1 }).waitFor()
    await page.getByText('All at once').waitFor()
    const slots = page.getByRole('region', { name: 'Topics' }).getByRole('listitem')
    // Each topic becomes a video, rendered with ffmpeg; the page asks again every 5 seconds.
    await page.getByRole('link', { name: 'Watch' }).nth(1).waitFor({ timeout: 240_000 })
    await page.getByText('Finished', { exact: true }).waitFor({ timeout: 30_000 })
    assert.equal(await slots.count(), 2)
    await shot('series-desktop')

    const series = await Series.findByOrFail('user_id', user.id)
    const made = await SeriesSlot.query().where('series_id', series.id).orderBy('position')
    const projects = await Project.query().whereIn(
      'id',
      made.map((slot) => slot.projectId!)
    )
    assert.deepEqual(
      projects.map((project) => project.status),
      ['done', 'done']
    )
    for (const project of projects) {
      assert.isAbove(project.chargedCredits, 0)
      const credits = `${project.chargedCredits} credits`
      await slots.filter({ hasText: credits }).first().waitFor()
    }
    const charged = projects.reduce((sum, project) => sum + project.chargedCredits, 0)
    assert.equal(await balanceOf(user), before - charged)

    await page.setViewportSize(PHONE)
    await shot('series-phone')

    await page.getByRole('link', { name: 'All series' }).click()
    await page.waitForURL(/\/series$/)
    const row = page.getByRole('link', { name: /Coffee basics/ })
    await row.getByText('2 made · 0 waiting').waitFor()
    await shot('list-phone')
    await page.setViewportSize(DESKTOP)
    await shot('list-desktop')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Series' })
      .waitFor()
  }).timeout(300_000)

  test('generated topics join the typed ones in the form, to edit before the series is created', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const user = await createAccount('series.topics.journey@example.com')
    await setAccount(user, { plan: 'agency' })
    await browserContext.loginAs(user)
    const page = await visit('/series')
    await page.setViewportSize(DESKTOP)
    const shot = screens(page, 'series-generated-topics')

    await page.getByRole('button', { name: 'New series' }).click()
    const form = page.getByRole('form', { name: 'New series' })
    await form.getByLabel('Name').fill('Brewing at home')
    const topics = form.getByLabel('Topics, one per line')
    await topics.fill('My own first topic')

    await form.getByRole('button', { name: 'Generate topics' }).click()
    const dialog = page.getByRole('dialog', { name: 'Generate topics' })
    await dialog.getByLabel('What is the series about?').fill('home coffee brewing')
    await dialog.getByLabel('How many').fill('4')
    await shot('dialog')
    await page.setViewportSize(PHONE)
    await shot('dialog-phone')
    await page.setViewportSize(DESKTOP)
    await dialog.getByRole('button', { name: 'Generate' }).click()
    await dialog.waitFor({ state: 'detached' })
    await form.getByText('4 topics added: read and edit them before creating the series.').waitFor()
    const typed = await topics.inputValue()
    const lines = typed.split('\n')
    assert.lengthOf(lines, 5)
    assert.equal(lines[0], 'My own first topic')
    assert.match(lines[1], /coffee brewing/i)
    // Nothing was created yet: the dialog's submit stays in the dialog.
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
    await shot('form-filled')

    await topics.fill(lines.slice(0, 3).join('\n'))
    await form.getByRole('button', { name: 'Create series' }).click()
    await page.waitForURL(/\/series\/\d+$/)
    const series = await Series.findByOrFail('user_id', user.id)
    const slots = await SeriesSlot.query().where('series_id', series.id).orderBy('position')
    assert.deepEqual(
      slots.map((slot) => slot.topic),
      lines.slice(0, 3)
    )

    // The waiting topics are edited on the series' page: a bad line is refused beside them.
    await page.getByRole('button', { name: 'Edit topics' }).click()
    const editor = page.getByRole('form', { name: 'Edit topics' })
    const waiting = editor.getByLabel('The topics not made yet, one per line, in order')
    await editor.getByText('A topic you keep as it is keeps the script it came with.').waitFor()
    await waiting.fill('=SUM(A1)')
    await editor.getByRole('button', { name: 'Save topics' }).click()
    await editor.getByText(/spreadsheet formula/).waitFor()
    await waiting.fill('Milk steaming for beginners')
    await editor.getByRole('button', { name: 'Save topics' }).click()
    await editor.waitFor({ state: 'detached' })
    const edited = await SeriesSlot.query().where('series_id', series.id).where('state', 'pending')
    assert.deepEqual(
      edited.map((slot) => slot.topic),
      ['Milk steaming for beginners']
    )
  }).timeout(60_000)
})
