import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#auth/models/user'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { createAccount } from '#tests/helpers/auth'
import { createAgencyAccount } from '#tests/helpers/api_tokens'
import { setAccount } from '#tests/helpers/billing'

type Cleanup = (fn: () => Promise<void> | void) => void

function seriesBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Home coffee',
    topics: 'Pour over\nFrench press\nMoka pot',
    schedule: { kind: 'daily', time: '09:00' },
    style: 'cinematic',
    voice: { id: 'en-us', provider: 'espeak', language: 'english' },
    music: null,
    aspect_ratio: '9:16',
    target_seconds: 15,
    brand_id: null,
    ...overrides,
  }
}

/** A paused daily series of the user's with the given topics waiting. */
async function pausedSeries(user: User, topics: string[], name = 'Tea') {
  const series = await Series.create({
    userId: user.id,
    name,
    defaults: {
      style: 'cinematic',
      voice: { id: 'en-us', provider: 'espeak' },
      music: null,
      aspect_ratio: '9:16',
      target_seconds: 15,
      generation_mode: 'text-to-video',
    },
    scheduleKind: 'weekly',
    scheduleTime: '18:00',
    scheduleWeekdays: [1, 3, 5],
    timeZone: 'Europe/Paris',
    status: 'paused',
  })
  await SeriesSlot.createMany(
    topics.map((topic, index) => ({
      seriesId: series.id,
      position: index + 1,
      topic,
      state: 'pending' as const,
    }))
  )
  return series
}

async function topicsOf(seriesId: number) {
  const slots = await SeriesSlot.query().where('series_id', seriesId).orderBy('position')
  return slots.map((slot) => [slot.topic, slot.state])
}

/** The series' job scheduler is gone once the test ends (the queue outlives its transaction). */
async function removeSchedulerAfter(cleanup: Cleanup, seriesId: number) {
  const schedules = await app.container.make(SeriesSchedules)
  cleanup(() => schedules.remove(seriesId))
}

test.group('Series pages (/series, /series/:id)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an Agency account gets its series and every choice the create form offers', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('series.pages@example.com')
    await user.merge({ timeZone: 'Europe/Paris' }).save()
    const tea = await pausedSeries(user, ['Green', 'Oolong'])

    const page = await client.get('/series').loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('studio/series')
    const props = page.inertiaProps
    assert.isNull(props.locked)
    assert.equal(props.timeZone, 'Europe/Paris')
    assert.containsSubset(props.series, [
      {
        id: tea.id,
        name: 'Tea',
        status: 'paused',
        schedule: { kind: 'weekly', time: '18:00', weekdays: [1, 3, 5] },
        timeZone: 'Europe/Paris',
        made: 0,
        waiting: 2,
      },
    ])
    assert.include(
      props.styles.map((style: { id: string }) => style.id),
      'cinematic'
    )
    assert.deepEqual(props.aspectRatios, ['9:16', '1:1', '16:9'])
    assert.include(props.scriptLengths, 15)
    assert.isArray(props.musicTracks)
    assert.isArray(props.brands)
    assert.isAbove(props.voiceProviders.length, 0)
    assert.containsSubset(props.defaults, { aspectRatio: '9:16', language: 'english' })
  })

  test('on a plan without API access the page says why, with nothing to choose from', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('series.free@example.com')
    await setAccount(user, { plan: 'free' })

    const page = await client.get('/series').loginAs(user).withInertia()
    page.assertStatus(200)
    assert.include(
      page.inertiaProps.locked,
      'Series come with API access, part of the Agency plan.'
    )
    assert.deepEqual(page.inertiaProps.series, [])
    assert.isNull(page.inertiaProps.voiceProviders)
    assert.deepEqual(page.inertiaProps.musicTracks, [])

    const refused = await client
      .post('/series')
      .json(seriesBody())
      .header('referer', '/series')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    refused.assertHeader('location', '/series')
    assert.include(refused.flashMessages().error, 'Agency plan')
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
  })

  test('a series’ page carries its slots in order; another account’s series is the Not found page', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('series.detail@example.com')
    const stranger = await createAgencyAccount('series.detail.stranger@example.com')
    const tea = await pausedSeries(user, ['Green', 'Oolong'])

    const page = await client.get(`/series/${tea.id}`).loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('studio/series_detail')
    const series = page.inertiaProps.series
    assert.containsSubset(series, { id: tea.id, name: 'Tea', status: 'paused', nextRunAt: null })
    assert.deepEqual(
      series.slots.map((slot: { position: number; topic: string; state: string }) => [
        slot.position,
        slot.topic,
        slot.state,
      ]),
      [
        [1, 'Green', 'pending'],
        [2, 'Oolong', 'pending'],
      ]
    )
    assert.containsSubset(series.slots[0], { dueAt: null, video: null, error: null })

    const theirs = await client.get(`/series/${tea.id}`).loginAs(stranger).withInertia()
    theirs.assertStatus(404)
    theirs.assertInertiaComponent('core/not_found')
  })

  test('created from the page with typed topics, the series’ page opens with a toast', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('series.create@example.com')
    await user.merge({ timeZone: 'America/New_York' }).save()

    const created = await client
      .post('/series')
      .json(seriesBody())
      .header('referer', '/series')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const series = await Series.findByOrFail('user_id', user.id)
    await removeSchedulerAfter(cleanup, series.id)
    created.assertStatus(302)
    created.assertHeader('location', `/series/${series.id}`)
    assert.deepEqual(created.flashMessages(), { success: 'Series created.' })
    assert.deepEqual(
      [series.name, series.scheduleKind, series.scheduleTime, series.timeZone],
      ['Home coffee', 'daily', '09:00', 'America/New_York']
    )
    assert.deepEqual(await topicsOf(series.id), [
      ['Pour over', 'pending'],
      ['French press', 'pending'],
      ['Moka pot', 'pending'],
    ])

    const page = await client.get(`/series/${series.id}`).loginAs(user).withInertia()
    assert.match(page.inertiaProps.series.nextRunAt, /T09:00:00\.000-0[45]:00$/)
  })

  test('a CSV with bad rows comes back with each row’s error under the field, and nothing is created', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('series.csv@example.com')
    const csv = ['topic,script', 'Espresso,', ',A script without its topic.', '=SUM(A1),'].join(
      '\n'
    )

    const refused = await client
      .post('/series')
      .json(seriesBody({ topics: undefined, csv }))
      .header('referer', '/series')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    refused.assertHeader('location', '/series')
    const { csv: refusal } = refused.flashMessages().inputErrorsBag as { csv: string }
    const rows = refusal.split('\n')
    assert.lengthOf(rows, 2)
    assert.match(rows[0], /^Row 3: /)
    assert.match(rows[1], /^Row 4: /)
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
  })

  test('pause, resume, skip, edit topics and delete from the page each redirect with a toast', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('series.writes@example.com')
    const tea = await pausedSeries(user, ['Green', 'Oolong', 'Black'])
    await removeSchedulerAfter(cleanup, tea.id)
    const page = `/series/${tea.id}`
    const write = (method: 'post' | 'patch' | 'delete', path: string, body: object = {}) =>
      client[method](path)
        .json(body)
        .header('referer', page)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const resumed = await write('post', `${page}/resume`)
    resumed.assertHeader('location', page)
    assert.deepEqual(resumed.flashMessages(), { success: 'Series resumed.' })
    await tea.refresh()
    assert.equal(tea.status, 'active')

    const paused = await write('post', `${page}/pause`)
    paused.assertHeader('location', page)
    assert.deepEqual(paused.flashMessages(), {
      success: 'Series paused. Nothing more is made until you resume it.',
    })
    await tea.refresh()
    assert.equal(tea.status, 'paused')

    const skipped = await write('post', `${page}/skip`)
    skipped.assertHeader('location', page)
    assert.deepEqual(skipped.flashMessages(), { success: 'The next topic is skipped.' })

    const edited = await write('patch', page, { topics: 'Rooibos\nMatcha' })
    edited.assertHeader('location', page)
    assert.deepEqual(edited.flashMessages(), { success: 'Topics saved.' })
    assert.deepEqual(await topicsOf(tea.id), [
      ['Green', 'skipped'],
      ['Rooibos', 'pending'],
      ['Matcha', 'pending'],
    ])

    const deleted = await write('delete', page)
    deleted.assertHeader('location', '/series')
    assert.deepEqual(deleted.flashMessages(), {
      success: 'Series deleted. Its videos stay in My Videos.',
    })
    assert.isNull(await Series.find(tea.id))
  })
})
