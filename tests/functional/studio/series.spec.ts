import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#auth/models/webhook_endpoint'
import { StartCheckout } from '#billing/actions/start_checkout'
import { QueueService } from '#core/queue/queue_service'
import SeriesPausedMail from '#studio/mails/series_paused_mail'
import Project from '#studio/models/project'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { CreateProject } from '#studio/actions/create_project'
import { MakeSeriesSlot } from '#studio/actions/make_series_slot'
import seriesConfig from '#config/series'
import { createAccount, fakeMail } from '#tests/helpers/auth'
import { assertBalanceIsLedger, balanceOf, setAccount, setBalance } from '#tests/helpers/billing'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import env from '#start/env'
import { until } from '#tests/helpers/wait'
import { startSeriesWorker } from '#tests/helpers/series'

/** Twelve words or fewer: one 5-second scene, 5 credits. */
const SHORT_SCRIPTS = [
  'A kettle sings on a quiet morning stove.',
  'Fresh beans tumble into a hand grinder.',
  'Dark coffee drips slowly through a paper filter.',
]

function seriesBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Home coffee',
    csv: [
      'topic,script',
      ...SHORT_SCRIPTS.map((script, index) => `Cup ${index + 1},"${script}"`),
    ].join('\r\n'),
    schedule: { kind: 'now' },
    style: 'cinematic',
    voice: { id: 'en-us', provider: 'espeak', language: 'english' },
    aspect_ratio: '9:16',
    generation_mode: 'text-to-video',
    ...overrides,
  }
}

async function slotsOf(seriesId: number) {
  return SeriesSlot.query().where('series_id', seriesId).orderBy('position')
}

async function statusOf(seriesId: number) {
  const series = await Series.findOrFail(seriesId)
  return series.status
}

async function statesOf(seriesId: number) {
  const slots = await slotsOf(seriesId)
  return slots.map((slot) => slot.state)
}

async function allMade(seriesId: number) {
  const states = await statesOf(seriesId)
  return states.every((state) => state === 'made')
}

/** Every slot made and the series finished (the last slot's own transaction says so). */
async function isFinished(seriesId: number) {
  return (await allMade(seriesId)) && (await statusOf(seriesId)) === 'finished'
}

async function topicsOf(seriesId: number) {
  const slots = await slotsOf(seriesId)
  return slots.map((slot) => [slot.topic, slot.state])
}

/** A series made through the API (201); its id. */
async function createSeries(client: ApiClient, user: User, body: ReturnType<typeof seriesBody>) {
  const created = await client.post('/api/series').json(body).loginAs(user).withCsrfToken()
  created.assertStatus(201)
  return (created.body() as { id: number }).id
}

async function expectOk(request: PromiseLike<{ assertStatus: (status: number) => void }>) {
  const answer = await request
  answer.assertStatus(200)
}

test.group('Series: topics made into videos on a schedule', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a "now" series of three CSV topics makes exactly three videos, charged once each', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startSeriesWorker(cleanup)
    const user = await createAgencyAccount('series.now@example.com')
    await setBalance(user, 100, 'series-start')

    const id = await createSeries(client, user, seriesBody())

    await until(async () => await isFinished(id), 30_000, 'three slots made')
    const slots = await slotsOf(id)
    const projects = await Project.query().where('user_id', user.id).orderBy('id')
    assert.lengthOf(projects, 3)
    assert.sameMembers(
      projects.map((project) => project.script),
      SHORT_SCRIPTS
    )
    assert.sameMembers(
      slots.map((slot) => slot.projectId),
      projects.map((project) => project.id)
    )
    assert.equal(await statusOf(id), 'finished')
    const charges = await db
      .from('credit_ledger')
      .where('user_id', user.id)
      .where('reason', 'video_charge')
      .whereNot('reference', 'series-start')
    assert.lengthOf(charges, 3)
    assert.equal(await balanceOf(user), 85)
    await assertBalanceIsLedger(assert, user)

    const shown = await client.get(`/api/series/${id}`).loginAs(user)
    shown.assertStatus(200)
    const body = shown.body() as { status: string; slots: { video: { credits: number } }[] }
    assert.equal(body.status, 'finished')
    assert.deepEqual(
      body.slots.map((slot) => slot.video.credits),
      [5, 5, 5]
    )
  }).timeout(60_000)

  test('out of credits, the series pauses itself with the reason, a webhook and an email; it resumes after a pack purchase', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mails = fakeMail(cleanup)
    await startSeriesWorker(cleanup)
    const user = await createAgencyAccount('series.broke@example.com')
    const endpoint = await WebhookEndpoint.create({
      userId: user.id,
      url: 'https://hooks.example.com/reelforge',
      events: ['series.paused'],
      secretEncrypted: WebhookEndpoint.encryptSecret('whsec_series'),
    })
    await setBalance(user, 12, 'series-start')

    const id = await createSeries(client, user, seriesBody({ name: 'Broke coffee' }))

    await until(async () => (await statusOf(id)) === 'paused', 30_000, 'the series to pause')
    const paused = await Series.findOrFail(id)
    assert.equal(paused.pauseReason, 'Paused: 2 credits left, the next video needs 5.')
    const states = await statesOf(id)
    assert.deepEqual([...states].sort(), ['made', 'made', 'pending'])
    assert.equal(await balanceOf(user), 2)
    await assertBalanceIsLedger(assert, user)

    const deliveries = await db.from('webhook_deliveries').where('endpoint_id', endpoint.id)
    assert.lengthOf(deliveries, 1)
    assert.equal(deliveries[0].event_type, 'series.paused')
    assert.include(deliveries[0].body, 'Paused: 2 credits left, the next video needs 5.')
    // The email goes once the pause has committed.
    await until(async () => mails.sent().length > 0, 5000, 'the email')
    mails.assertSent(SeriesPausedMail, ({ message }) => message.hasTo('series.broke@example.com'))

    const home = await client.get('/').withInertia().loginAs(user)
    home.assertInertiaComponent('studio/dashboard')
    assert.deepEqual(home.inertiaProps.pausedSeries, [
      { id, name: 'Broke coffee', reason: 'Paused: 2 credits left, the next video needs 5.' },
    ])

    // Resumed while 2 credits still cannot pay its draft, it would only pause again: refused.
    const early = await client.post(`/api/series/${id}/resume`).loginAs(user).withCsrfToken()
    early.assertStatus(409)
    assert.equal(
      early.body().message,
      'The next video needs 5 credits and 2 are left. Buy credits, then resume the series.'
    )
    assert.equal(await statusOf(id), 'paused')

    // Buying credits does not resume it: the customer does.
    const checkout = await app.container.make(StartCheckout)
    const opened = await checkout.handle(
      user,
      { credits: 30, amount: 3 },
      { success: '/billing?checkout=success', cancel: '/billing?checkout=cancelled' }
    )
    if (opened.status !== 'created') throw new Error(opened.status)
    const paid = await client.post(`${opened.url}/pay`).loginAs(user).withCsrfToken().redirects(0)
    paid.assertStatus(302)
    assert.equal(await balanceOf(user), 32)
    assert.equal(await statusOf(id), 'paused')

    const resumed = await client.post(`/api/series/${id}/resume`).loginAs(user).withCsrfToken()
    resumed.assertStatus(200)
    await until(async () => await isFinished(id), 30_000, 'the last slot made')
    assert.equal(await statusOf(id), 'finished')
    assert.lengthOf(await Project.query().where('user_id', user.id), 3)
    assert.equal(await balanceOf(user), 27)
    await assertBalanceIsLedger(assert, user)
  }).timeout(60_000)

  test('two tries of one fire make one video: the loser’s project is rolled back with its slot record, and it is charged once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('series.twice@example.com')
    await setBalance(user, 100, 'series-start')
    const id = await createSeries(
      client,
      user,
      seriesBody({ schedule: { kind: 'daily', time: '09:00' } })
    )
    const schedules = await app.container.make(SeriesSchedules)
    cleanup(() => schedules.remove(id))

    // The other try of this fire (a stalled job handed on while its first worker still ran) is a
    // moment ahead: its project is recorded on the slot while this one writes its own.
    const real = await app.container.make(CreateProject)
    let winner: Project | undefined
    app.container.swap(CreateProject, () => {
      const racing = Object.create(real) as CreateProject
      racing.handle = async (owner, input, within) => {
        const other = await real.handle(owner, input)
        if (other.status !== 'created') throw new Error(`the other try failed: ${other.status}`)
        winner = other.project
        await SeriesSlot.query()
          .where('series_id', id)
          .where('position', 1)
          .update({ project_id: winner.id })
        return real.handle(owner, input, within)
      }
      return racing
    })
    cleanup(() => app.container.restore(CreateProject))

    const slotMaker = await app.container.make(MakeSeriesSlot)
    const made = await slotMaker.handle(id, 'fire-raced')

    assert.deepInclude(made, { status: 'made', projectId: winner!.id })
    const projects = await Project.query().where('user_id', user.id)
    assert.deepEqual(
      projects.map((project) => project.id),
      [winner!.id]
    )
    const orphanScenes = await db
      .from('scenes')
      .join('projects', 'projects.id', 'scenes.project_id')
      .where('projects.user_id', user.id)
      .whereNot('projects.id', winner!.id)
    assert.lengthOf(orphanScenes, 0)
    const [first] = await slotsOf(id)
    assert.equal(first.state, 'made')
    assert.equal(first.projectId, winner!.id)
    assert.equal(await balanceOf(user), 95)
    await assertBalanceIsLedger(assert, user)
  }).timeout(30_000)

  test('a daily series runs at 09:00 in the account’s time zone; pause, resume, skip, edit and delete move its scheduler', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('series.daily@example.com')
    await setBalance(user, 100, 'series-start')
    const zone = await client
      .patch('/api/me')
      .json({ time_zone: 'America/New_York' })
      .loginAs(user)
      .withCsrfToken()
    zone.assertStatus(200)

    const created = await client
      .post('/api/series')
      .json(seriesBody({ schedule: { kind: 'daily', time: '09:00' } }))
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const body = created.body() as {
      id: number
      timeZone: string
      nextRunAt: string
      slots: { dueAt: string }[]
    }
    assert.equal(body.timeZone, 'America/New_York')
    assert.match(body.nextRunAt, /T09:00:00\.000-0[45]:00$/)
    assert.deepEqual(
      body.slots.map((slot) => slot.dueAt.slice(11)),
      body.slots.map(() => body.nextRunAt.slice(11))
    )
    const schedules = await app.container.make(SeriesSchedules)
    const series = await Series.findOrFail(body.id)
    assert.deepEqual(schedules.repeatOf(series), { pattern: '0 9 * * *', tz: 'America/New_York' })
    cleanup(() => schedules.remove(series.id))

    // Paused: the scheduler is gone; resumed: it is back, upserted once however often.
    await expectOk(client.post(`/api/series/${body.id}/pause`).loginAs(user).withCsrfToken())
    assert.isNull(await schedules.nextRun(await Series.findOrFail(body.id)))
    const queues = await app.container.make(QueueService)
    assert.isUndefined(await queues.queue('series').getJobScheduler(`series-${body.id}`))
    await expectOk(client.post(`/api/series/${body.id}/resume`).loginAs(user).withCsrfToken())
    await schedules.installAll()
    assert.equal(await queues.queue('series').getJobSchedulersCount(), 1)

    // Skip the next topic, then replace the rest: the CSV topic kept keeps its script.
    await expectOk(client.post(`/api/series/${body.id}/skip`).loginAs(user).withCsrfToken())
    const edited = await client
      .patch(`/api/series/${body.id}`)
      .json({ topics: 'Moka pot\nCup 3\nCold brew' })
      .loginAs(user)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.deepEqual(await topicsOf(body.id), [
      ['Cup 1', 'skipped'],
      ['Moka pot', 'pending'],
      ['Cup 3', 'pending'],
      ['Cold brew', 'pending'],
    ])
    const slots = await slotsOf(body.id)
    assert.deepEqual(
      slots.map((slot) => slot.script),
      [SHORT_SCRIPTS[0], null, SHORT_SCRIPTS[2], null]
    )

    await expectOk(client.delete(`/api/series/${body.id}`).loginAs(user).withCsrfToken())
    assert.isUndefined(await queues.queue('series').getJobScheduler(`series-${body.id}`))
  }).timeout(60_000)
})

test.group('Series: a real job scheduler', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a daily series fires through BullMQ’s job scheduler (every 300 ms in test mode): three fires, three videos, then finished', async ({
    client,
    assert,
    cleanup,
  }) => {
    seriesConfig.everyMs = 300
    cleanup(() => {
      seriesConfig.everyMs = undefined
    })
    await startSeriesWorker(cleanup)
    const user = await createAgencyAccount('series.every@example.com')
    await setBalance(user, 100, 'series-start')
    const id = await createSeries(
      client,
      user,
      seriesBody({ schedule: { kind: 'daily', time: '18:30' } })
    )
    await until(async () => (await statusOf(id)) === 'finished', 30_000, 'the series to finish')
    const slots = await slotsOf(id)
    assert.deepEqual(
      slots.map((slot) => slot.state),
      ['made', 'made', 'made']
    )
    // Each slot was claimed by its own fire of the scheduler.
    assert.lengthOf(new Set(slots.map((slot) => slot.fireKey)), 3)
    assert.isTrue(slots.every((slot) => slot.fireKey!.startsWith(`repeat:series-${id}:`)))
    assert.lengthOf(await Project.query().where('user_id', user.id), 3)
    const queues = await app.container.make(QueueService)
    assert.isUndefined(await queues.queue('series').getJobScheduler(`series-${id}`))
    await assertBalanceIsLedger(assert, user)
  }).timeout(60_000)
})

test.group('Series: who may', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a plan without API access is refused with 403 and nothing is created', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('series.pro@example.com')
    await setAccount(user, { plan: 'pro' })
    const refused = await client
      .post('/api/series')
      .json(seriesBody())
      .loginAs(user)
      .withCsrfToken()
    refused.assertStatus(403)
    assert.include(refused.body().message, 'Agency plan')
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
  })

  test('another customer’s series is 404 for every route', async ({ client, assert }) => {
    const owner = await createAgencyAccount('series.owner@example.com')
    const stranger = await createAgencyAccount('series.stranger@example.com')
    const series = await Series.create({
      userId: owner.id,
      name: 'Owned',
      defaults: {
        style: 'cinematic',
        voice: { id: 'en-us', provider: 'espeak' },
        music: null,
        aspect_ratio: '9:16',
        target_seconds: 30,
        generation_mode: 'text-to-video',
      },
      scheduleKind: 'daily',
      scheduleTime: '09:00',
      timeZone: 'UTC',
      status: 'paused',
    })
    const answers = [
      await client.get(`/api/series/${series.id}`).loginAs(stranger),
      await client.post(`/api/series/${series.id}/resume`).loginAs(stranger).withCsrfToken(),
      await client.post(`/api/series/${series.id}/skip`).loginAs(stranger).withCsrfToken(),
      await client
        .patch(`/api/series/${series.id}`)
        .json({ topics: 'Mine now' })
        .loginAs(stranger)
        .withCsrfToken(),
      await client.delete(`/api/series/${series.id}`).loginAs(stranger).withCsrfToken(),
    ]
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [404, 404, 404, 404, 404]
    )
    assert.equal(await statusOf(series.id), 'paused')
  })
})

test.group('Series: hostile topic files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('50 MB, 100,000 rows, formulas, NUL bytes and bytes that are not UTF-8 are refused with 4xx, and nothing is created', async ({
    assert,
  }) => {
    const user = await createAgencyAccount('series.hostile@example.com')
    const token = await createApiToken(user)
    const send = async (body: Buffer) => {
      const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/series`, {
        method: 'POST',
        headers: {
          'accept': 'application/json',
          'content-type': 'application/json',
          'authorization': `Bearer ${token}`,
        },
        body: new Uint8Array(body),
      })
      const text = await response.text()
      return { status: response.status, text }
    }
    const withCsv = (csv: string) => Buffer.from(JSON.stringify(seriesBody({ csv })))

    const huge = await send(Buffer.alloc(50 * 1024 * 1024, 'a'))
    const manyRows = await send(withCsv('topic\n' + 'Coffee\n'.repeat(100_000)))
    const formulas = await send(withCsv('topic,script\n=cmd()|calc,\n+1+1,Fine\nGood,@SUM(A1)\n'))
    const nul = await send(withCsv('topic\nCoffee\u0000beans\n'))
    // Latin-1 bytes inside the JSON string: not UTF-8.
    const [before, after] = JSON.stringify(seriesBody({ csv: 'topic\nCafMARK' })).split('MARK')
    const latin1 = Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)])
    const notUtf8 = await send(latin1)
    const tooManyLines = await send(
      Buffer.from(JSON.stringify(seriesBody({ csv: undefined, topics: 'Tea\n'.repeat(501) })))
    )

    assert.deepEqual(
      [huge, manyRows].map((answer) => answer.status),
      [413, 413]
    )
    assert.equal(formulas.status, 422)
    assert.deepEqual(
      JSON.parse(formulas.text).errors.map((error: { message: string }) => error.message),
      [
        'Row 2: topic starts like a spreadsheet formula (=, +, -, @)',
        'Row 3: topic starts like a spreadsheet formula (=, +, -, @)',
        'Row 4: script starts like a spreadsheet formula (=, +, -, @)',
      ]
    )
    assert.equal(nul.status, 422)
    assert.match(JSON.parse(nul.text).message, /^The csv field contains a character/)
    assert.equal(notUtf8.status, 422, notUtf8.text)
    assert.match(JSON.parse(notUtf8.text).message, /not UTF-8/)
    assert.equal(tooManyLines.status, 422)
    assert.match(JSON.parse(tooManyLines.text).message, /up to 500 topics; there are 501/)
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
    assert.lengthOf(await db.from('series_slots'), 0)
  }).timeout(60_000)
})

test.group('Series: the account’s time zone', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('UTC by default; an IANA name is kept from /profile and the API, anything else is 422', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('series.zone@example.com')
    const me = await client.get('/api/me').loginAs(user)
    assert.equal(me.body().timeZone, 'UTC')

    const refused = await client
      .patch('/api/me')
      .json({ time_zone: 'Mars/Olympus_Mons' })
      .loginAs(user)
      .withCsrfToken()
    refused.assertStatus(422)
    assert.include(refused.body().errors[0].message, 'Unknown time zone')

    const fromPage = await client
      .patch('/profile/time-zone')
      .json({ time_zone: 'Asia/Kolkata' })
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    fromPage.assertStatus(303)
    const profile = await client.get('/profile').withInertia().loginAs(user)
    assert.equal(profile.inertiaProps.profile.timeZone, 'Asia/Kolkata')
  })
})
