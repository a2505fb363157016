import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#auth/models/user'
import Series from '#studio/models/series'
import SeriesSlot from '#studio/models/series_slot'
import { SeriesSchedules } from '#studio/series/series_schedules'
import { writeTopicsOffline } from '#media/providers/local/local_topic_writer'
import { topicProblem } from '#shared/series_topics'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { useFakeFal } from '#tests/helpers/studio'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import env from '#start/env'

const ABOUT = '30 topics about home coffee brewing'

type Topics = { topics: string[]; language: string; note: string | null }

function seriesBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Home coffee',
    schedule: { kind: 'daily', time: '09:00' },
    style: 'cinematic',
    voice: { id: 'en-us', provider: 'espeak', language: 'english' },
    aspect_ratio: '9:16',
    ...overrides,
  }
}

/** A raw JSON body sent with an API token, as a program would: any bytes, any size. */
async function sendRaw(user: User, path: string, body: string) {
  const token = await createApiToken(user)
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
    method: 'POST',
    headers: {
      'accept': 'application/json',
      'content-type': 'application/json',
      'authorization': `Bearer ${token}`,
    },
    body,
  })
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text) as { message: string } }
}

test.group('Series topics: written by the script writer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('offline: 30 distinct topics about the subject by default, each one a series takes', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('topics.offline@example.com')

    const response = await client
      .post('/api/series/topics')
      .json({ about: ABOUT })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    const body = response.body() as Topics
    assert.deepEqual(body, {
      topics: writeTopicsOffline(ABOUT, 30),
      language: 'english',
      note: null,
    })
    assert.lengthOf(new Set(body.topics.map((topic) => topic.toLowerCase())), 30)
    assert.isTrue(body.topics.every((topic) => topicProblem(topic) === null))
    assert.isTrue(body.topics.every((topic) => /coffee|brewing/i.test(topic)))
  })

  test('count topics; offline ones for another language come in English, and the note says so', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('topics.japanese@example.com')

    const response = await client
      .post('/api/series/topics')
      .json({ about: 'ramen at home', count: 7, language: 'japanese' })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    const body = response.body() as Topics
    assert.lengthOf(body.topics, 7)
    assert.equal(body.language, 'english')
    assert.equal(
      body.note,
      'Offline topics come in English: edit them into Japanese before you create the series.'
    )
  })

  test('a plan without API access is refused with 403', async ({ client, assert }) => {
    const user = await createAccount('topics.free@example.com')
    await setAccount(user, { plan: 'free' })

    const refused = await client
      .post('/api/series/topics')
      .json({ about: ABOUT })
      .loginAs(user)
      .withCsrfToken()

    refused.assertStatus(403)
    assert.equal(
      refused.body().message,
      'Series come with API access, part of the Agency plan. Upgrade on /plans to use them.'
    )
  })

  test('hostile bodies are refused with 4xx and a message, never a 500', async ({ assert }) => {
    const first = await createAgencyAccount('topics.hostile@example.com')
    const second = await createAgencyAccount('topics.hostile2@example.com')
    const send = (user: User, body: unknown) =>
      sendRaw(user, '/api/series/topics', typeof body === 'string' ? body : JSON.stringify(body))
    const COUNT = 'count must be a whole number from 1 to 100.'

    const answers = {
      zero: await send(first, { about: ABOUT, count: 0 }),
      over: await send(first, { about: ABOUT, count: 101 }),
      huge: await send(first, '{"about": "coffee", "count": 1e308}'),
      fraction: await send(first, { about: ABOUT, count: 2.5 }),
      nanString: await send(first, { about: ABOUT, count: 'NaN' }),
      nul: await send(second, { about: 'coffee\u0000beans' }),
      short: await send(second, { about: ' a ' }),
      symbols: await send(second, { about: '!!!!' }),
      array: await send(second, { about: ['home coffee brewing'] }),
      language: await send(second, { about: ABOUT, language: 'klingon' }),
    }
    const megabyte = await send(second, { about: 'a'.repeat(1024 * 1024) })
    const long = await send(second, { about: 'a'.repeat(201) })

    assert.deepEqual(
      Object.values(answers).map((answer) => answer.status),
      Object.values(answers).map(() => 422)
    )
    assert.deepEqual(
      [answers.zero, answers.over, answers.huge, answers.fraction, answers.nanString].map(
        (answer) => answer.body.message
      ),
      [COUNT, COUNT, COUNT, COUNT, COUNT]
    )
    assert.match(answers.nul.body.message, /character|control/)
    assert.equal(
      answers.short.body.message,
      'Say what the series is about in at least 3 characters.'
    )
    assert.equal(
      answers.symbols.body.message,
      'Say what the series is about in words, without control characters.'
    )
    assert.equal(answers.array.body.message, 'Say what the series is about, as text.')
    assert.match(answers.language.body.message, /^Unsupported language/)
    // A megabyte never reaches the validator: the JSON body limit refuses it first.
    assert.equal(megabyte.status, 413)
    assert.isString(megabyte.body.message)
    assert.equal(long.status, 422)
    assert.equal(long.body.message, 'What the series is about is limited to 200 characters.')
  }).timeout(30_000)

  test('an array for the body is refused with 422 and a message', async ({ assert }) => {
    const user = await createAgencyAccount('topics.array@example.com')

    const answer = await sendRaw(user, '/api/series/topics', JSON.stringify([{ about: ABOUT }]))

    assert.equal(answer.status, 422)
    assert.isString(answer.body.message)
  })

  test('limited like generate-script: the 11th call in a minute is 429, with script calls counted', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('topics.limit@example.com')
    const ask = () =>
      client
        .post('/api/series/topics')
        .json({ about: ABOUT, count: 1 })
        .loginAs(user)
        .withCsrfToken()

    const script = await client
      .post('/api/generate-script')
      .json({ prompt: 'Home coffee brewing', targetLength: 15 })
      .loginAs(user)
      .withCsrfToken()
    script.assertStatus(200)
    const statuses = []
    for (let call = 0; call < 10; call++) {
      const answer = await ask()
      statuses.push(answer.status())
    }

    assert.deepEqual(statuses, [...Array(9).fill(200), 429])
  }).timeout(30_000)
})

test.group('Series topics: fal’s LLM', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the LLM’s topics, in the language asked', async ({ client, assert, cleanup }) => {
    const fal = await useFakeFal(cleanup)
    const topics = ['Café en casa: 5 errores', 'La prensa francesa', 'El molinillo correcto']
    fal.setBehaviour('openrouter/router', { output: { output: JSON.stringify({ topics }) } })
    const user = await createAgencyAccount('topics.fal@example.com')

    const response = await client
      .post('/api/series/topics')
      .json({ about: 'café en casa', count: 3, language: 'spanish' })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    assert.deepEqual(response.body(), { topics, language: 'spanish', note: null })
    assert.include((fal.requests[0].body as { prompt: string }).prompt, 'Number of topics: 3')
  })

  test('garbage from the LLM: the offline topics instead', async ({ client, assert, cleanup }) => {
    const fal = await useFakeFal(cleanup)
    fal.setBehaviour('openrouter/router', { output: { output: 'I cannot help with that {' } })
    const user = await createAgencyAccount('topics.garbage@example.com')

    const response = await client
      .post('/api/series/topics')
      .json({ about: ABOUT, count: 12 })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      topics: writeTopicsOffline(ABOUT, 12),
      language: 'english',
      note: null,
    })
  })
})

test.group('Series topics: a series created from generated topics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('generate_topics makes a series with that many pending slots, the topics written at create time', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('topics.create@example.com')

    const created = await client
      .post('/api/series')
      .json(seriesBody({ generate_topics: { about: ABOUT, count: 12 } }))
      .loginAs(user)
      .withCsrfToken()

    created.assertStatus(201)
    const id = (created.body() as { id: number }).id
    const schedules = await app.container.make(SeriesSchedules)
    cleanup(() => schedules.remove(id))
    const slots = await SeriesSlot.query().where('series_id', id).orderBy('position')
    assert.deepEqual(
      slots.map((slot) => [slot.topic, slot.script, slot.state]),
      writeTopicsOffline(ABOUT, 12).map((topic) => [topic, null, 'pending'])
    )
  })

  test('exactly one way to give the topics: none, two or a bad generate_topics is 422 with the reason', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('topics.oneway@example.com')
    const create = (overrides: Record<string, unknown>) =>
      client.post('/api/series').json(seriesBody(overrides)).loginAs(user).withCsrfToken()

    const none = await create({})
    const two = await create({ topics: 'Moka pot', generate_topics: { about: ABOUT } })
    const three = await create({
      topics: 'Moka pot',
      csv: 'topic\nCold brew',
      generate_topics: { about: ABOUT },
    })
    const array = await create({ generate_topics: [ABOUT] })
    const tooMany = await create({ generate_topics: { about: ABOUT, count: 101 } })
    const noAbout = await create({ generate_topics: { count: 5 } })

    assert.deepEqual(
      [none, two, three, array, tooMany, noAbout].map((answer) => answer.status()),
      [422, 422, 422, 422, 422, 422]
    )
    assert.equal(
      none.body().errors[0].message,
      'Add the topics, one per line, upload a CSV or ask for generated topics.'
    )
    assert.equal(
      two.body().message,
      'Give the topics one way only: topics, csv or generate_topics.'
    )
    assert.equal(three.body().message, two.body().message)
    assert.equal(
      array.body().errors[0].message,
      'generate_topics must be an object such as { "about": "home coffee brewing", "count": 30 }.'
    )
    assert.equal(
      tooMany.body().errors[0].message,
      'generate_topics.count must be a whole number from 1 to 100.'
    )
    assert.equal(noAbout.body().errors[0].message, 'Say what the series is about.')
    assert.lengthOf(await Series.query().where('user_id', user.id), 0)
  })
})

test.group('Series topics: suggest_series_topics (MCP)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers what the route answers, then creates a series from them with create_series', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('topics.mcp@example.com')
    const { client } = await connectAgent(await createApiToken(user), cleanup)

    const suggested = await client.callTool({
      name: 'suggest_series_topics',
      arguments: { about: ABOUT, count: 5 },
    })
    const refused = await client.callTool({
      name: 'suggest_series_topics',
      arguments: { about: ABOUT, count: 0 },
    })

    const topics = writeTopicsOffline(ABOUT, 5)
    assert.deepEqual(dataOf(suggested), { topics, language: 'english', note: null })
    assert.match(textOf(suggested), /^5 topics in english\. Pass them one per line as topics/)
    assert.isTrue(refused.isError)
    assert.include(textOf(refused), 'count must be a whole number from 1 to 100.')

    const created = await client.callTool({
      name: 'create_series',
      arguments: seriesBody({ topics: topics.join('\n') }),
    })
    const series = dataOf<{ id: number; slots: { topic: string }[] }>(created)
    const schedules = await app.container.make(SeriesSchedules)
    cleanup(() => schedules.remove(series.id))
    assert.deepEqual(
      series.slots.map((slot) => slot.topic),
      topics
    )
  })
})
