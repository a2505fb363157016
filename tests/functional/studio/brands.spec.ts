import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import Brand from '#studio/models/brand'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import { createAgencyAccount, createApiToken, callApi } from '#tests/helpers/api_tokens'
import { planBySlug, setAccount } from '#tests/helpers/billing'
import { connectAgent, dataOf } from '#tests/helpers/mcp'
import { createTrack } from '#tests/helpers/studio'

const ACME = {
  name: 'Acme Coffee',
  primary_color: '#1e3a8a',
  accent_color: '#FFE14D',
  captions: { style: 'karaoke', text_color: '#FFFFFF' },
  logo: { corner: 'bottom-left', size: 15, opacity: 80 },
  intro: { title: 'Acme Coffee', seconds: 1.5 },
  outro: { line: 'Follow @acmecoffee', seconds: 2.5 },
  defaults: { style: 'cinematic', aspect_ratio: '9:16' },
}

async function onPlan(email: string, plan: 'free' | 'pro' | 'agency') {
  const user = await createAccount(email)
  await setAccount(user, { plan })
  return user
}

test.group('Brand kits: CRUD', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an Agency user creates, reads, edits, duplicates and deletes a brand kit', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('agency.brands@example.com', 'agency')

    const created = await client.post('/api/brands').json(ACME).loginAs(user).withCsrfToken()
    created.assertStatus(201)
    const brand = created.body()
    assert.containsSubset(brand, {
      name: 'Acme Coffee',
      version: 1,
      choosable: true,
      primaryColor: '#1E3A8A',
      accentColor: '#FFE14D',
      logo: { corner: 'bottom-left', size: 15, opacity: 80 },
      intro: { title: 'Acme Coffee', seconds: 1.5 },
      outro: { line: 'Follow @acmecoffee', seconds: 2.5 },
      defaults: { voice: null, musicTrackId: null, style: 'cinematic', aspectRatio: '9:16' },
    })
    assert.equal(brand.captions.style, 'karaoke')
    assert.equal(brand.captions.textColor, '#FFFFFF')

    const shown = await client.get(`/api/brands/${brand.id}`).loginAs(user)
    shown.assertStatus(200)
    assert.deepEqual(shown.body(), brand)

    const edited = await client
      .patch(`/api/brands/${brand.id}`)
      .json({ outro: null, logo: { opacity: 50 } })
      .loginAs(user)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.containsSubset(edited.body(), {
      version: 2,
      outro: null,
      logo: { corner: 'bottom-left', size: 15, opacity: 50 },
      intro: { title: 'Acme Coffee', seconds: 1.5 },
    })

    const unchanged = await client
      .patch(`/api/brands/${brand.id}`)
      .json({ name: 'Acme Coffee' })
      .loginAs(user)
      .withCsrfToken()
    assert.equal(unchanged.body().version, 2, 'saving what it already is counts no version')

    const copy = await client
      .post(`/api/brands/${brand.id}/duplicate`)
      .loginAs(user)
      .withCsrfToken()
    copy.assertStatus(201)
    assert.containsSubset(copy.body(), {
      name: 'Acme Coffee (copy)',
      version: 1,
      logo: { opacity: 50 },
      outro: null,
      defaults: { style: 'cinematic', aspectRatio: '9:16' },
    })
    assert.notEqual(copy.body().id, brand.id)

    const deleted = await client.delete(`/api/brands/${brand.id}`).loginAs(user).withCsrfToken()
    deleted.assertStatus(200)
    const listed = await client.get('/api/brands').loginAs(user)
    assert.deepEqual(
      listed.body().map((entry: { name: string }) => entry.name),
      ['Acme Coffee (copy)']
    )
  })

  test('a new kit left bare takes the default look, and its defaults must exist', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('bare.brand@example.com', 'agency')
    const bare = await client
      .post('/api/brands')
      .json({ name: 'Plain' })
      .loginAs(user)
      .withCsrfToken()
    bare.assertStatus(201)
    assert.containsSubset(bare.body(), {
      primaryColor: '#1E3A8A',
      accentColor: '#FFE14D',
      captions: null,
      logo: { corner: 'top-right', size: 12, opacity: 90 },
      intro: null,
      outro: null,
    })

    const voice = await client
      .post('/api/brands')
      .json({ name: 'Voice', defaults: { voice: { id: 'nobody', provider: 'nowhere' } } })
      .loginAs(user)
      .withCsrfToken()
    voice.assertStatus(422)
    voice.assertBodyContains({ message: 'Unknown voice.' })

    const music = await client
      .post('/api/brands')
      .json({ name: 'Music', defaults: { music_track_id: 2_000_000_000 } })
      .loginAs(user)
      .withCsrfToken()
    music.assertStatus(422)
    music.assertBodyContains({ message: 'Unknown music track.' })

    const track = await createTrack()
    const withTrack = await client
      .post('/api/brands')
      .json({ name: 'Music', defaults: { music_track_id: track.id } })
      .loginAs(user)
      .withCsrfToken()
    withTrack.assertStatus(201)
    assert.equal(withTrack.body().defaults.musicTrackId, track.id)
    assert.lengthOf(await Brand.query().where('user_id', user.id), 2)
  })

  test('bad fields are refused with a sentence, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('bad.brand@example.com', 'agency')
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Please give the brand a name.'],
      [{ name: 'x'.repeat(61) }, 'A brand’s name is limited to 60 characters.'],
      [{ name: 'A', primary_color: 'navy' }, 'Colours are written #RRGGBB, like #1E3A8A.'],
      [{ name: 'A', logo: { size: 31 } }, 'The logo’s size is between 5 and 30 % of the frame.'],
      [{ name: 'A', logo: { corner: 'centre' } }, 'Unknown logo corner.'],
      [{ name: 'A', intro: { title: 'Hi', seconds: 5 } }, 'The intro lasts 1 to 2 seconds.'],
      [{ name: 'A', outro: { seconds: 2 } }, 'The outro card needs a call to action.'],
      [{ name: 'A', defaults: { aspect_ratio: '4:3' } }, 'Unknown aspect ratio.'],
    ]
    for (const [body, message] of cases) {
      const answer = await client.post('/api/brands').json(body).loginAs(user).withCsrfToken()
      assert.equal(answer.status(), 422, JSON.stringify(body))
      assert.include(JSON.stringify(answer.body()), message, JSON.stringify(body))
    }
    assert.lengthOf(await Brand.query().where('user_id', user.id), 0)
  })
})

test.group('Brand kits: limits are plan data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Free has none, Pro one, and Agency as many as its plan row says', async ({
    client,
    assert,
  }) => {
    const free = await onPlan('free.brands@example.com', 'free')
    const refusedFree = await client
      .post('/api/brands')
      .json({ name: 'Mine' })
      .loginAs(free)
      .withCsrfToken()
    refusedFree.assertStatus(403)
    refusedFree.assertBody({
      message: 'Brand kits come with the Pro and Agency plans. Upgrade on /plans to make one.',
    })

    const pro = await onPlan('pro.brands@example.com', 'pro')
    const first = await client
      .post('/api/brands')
      .json({ name: 'One' })
      .loginAs(pro)
      .withCsrfToken()
    first.assertStatus(201)
    const second = await client
      .post('/api/brands')
      .json({ name: 'Two' })
      .loginAs(pro)
      .withCsrfToken()
    second.assertStatus(403)
    second.assertBody({
      message: 'Your plan includes 1 brand kit. Upgrade on /plans for more, or edit one you have.',
    })
    const copy = await client
      .post(`/api/brands/${first.body().id}/duplicate`)
      .loginAs(pro)
      .withCsrfToken()
    copy.assertStatus(403)

    const agency = await planBySlug('agency')
    await agency.merge({ brandLimit: 2 }).save()
    const owner = await onPlan('agency.limit@example.com', 'agency')
    for (const name of ['A', 'B']) {
      const made = await client.post('/api/brands').json({ name }).loginAs(owner).withCsrfToken()
      made.assertStatus(201)
    }
    const third = await client
      .post('/api/brands')
      .json({ name: 'C' })
      .loginAs(owner)
      .withCsrfToken()
    third.assertStatus(403)
    assert.equal(
      third.body().message,
      'Your plan includes 2 brand kits. Upgrade on /plans for more, or edit one you have.'
    )
  })

  test('a downgrade keeps every kit, offers the oldest the plan allows, and still lets them be edited', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('downgrade.brands@example.com', 'agency')
    const ids: number[] = []
    for (const name of ['Oldest', 'Middle', 'Newest']) {
      const made = await client.post('/api/brands').json({ name }).loginAs(user).withCsrfToken()
      ids.push(made.body().id)
    }

    await setAccount(user, { plan: 'pro' })

    const listed = await client.get('/api/brands').loginAs(user)
    assert.deepEqual(
      listed
        .body()
        .map((brand: { name: string; choosable: boolean }) => [brand.name, brand.choosable]),
      [
        ['Oldest', true],
        ['Middle', false],
        ['Newest', false],
      ]
    )
    const edited = await client
      .patch(`/api/brands/${ids[2]}`)
      .json({ accent_color: '#00FF00' })
      .loginAs(user)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.containsSubset(edited.body(), { accentColor: '#00FF00', choosable: false })
    const refused = await client
      .post('/api/brands')
      .json({ name: 'More' })
      .loginAs(user)
      .withCsrfToken()
    refused.assertStatus(403)
    assert.lengthOf(await Brand.query().where('user_id', user.id), 3)
  })

  test('the plan cards derive their brand line from the limit; a typed one is dropped', async ({
    client,
    assert,
  }) => {
    const buyer = await createAccount('cards.buyer@example.com')
    const plans = await client.get('/api/plans').loginAs(buyer)
    const features = Object.fromEntries(
      plans.body().map((plan: { slug: string; features: string[] }) => [plan.slug, plan.features])
    )
    assert.deepEqual(features.free, ['720p', 'Watermark'])
    assert.deepEqual(features.pro, ['40 videos/month', '1080p HD', 'No watermark'])
    assert.deepEqual(features.agency, [
      '200 videos/month',
      '4K Ultra HD',
      'Multi-brand support',
      'API access',
    ])

    const operator = await createOperator()
    const agency = await planBySlug('agency')
    const saved = await client
      .patch(`/api/admin/plans/${agency.id}`)
      .json({
        name: 'Agency',
        price: 29,
        credits: 6000,
        features: '200 videos/month\nMulti-brand support\nAPI access',
        brandLimit: 0,
      })
      .loginAs(operator)
      .withCsrfToken()
    saved.assertStatus(200)
    await agency.refresh()
    assert.equal(agency.brandLimit, 0)
    assert.deepEqual(agency.features, ['200 videos/month', 'API access'])
    const after = await client.get('/api/plans').loginAs(buyer)
    const card = after.body().find((plan: { slug: string }) => plan.slug === 'agency')
    assert.notInclude(card.features, 'Multi-brand support')
  })
})

test.group('Brand kits: ownership and agents', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('another user’s brand is missing everywhere, and list_brands shows only one’s own', async ({
    client,
    assert,
    cleanup,
  }) => {
    const owner = await createAgencyAccount('brand.owner@example.com')
    const other = await createAgencyAccount('brand.other@example.com')
    const mine = await client.post('/api/brands').json(ACME).loginAs(owner).withCsrfToken()
    const theirs = await client
      .post('/api/brands')
      .json({ name: 'Other brand' })
      .loginAs(other)
      .withCsrfToken()
    const id = theirs.body().id

    const token = await createApiToken(owner)
    for (const [method, path, body] of [
      ['GET', `/api/brands/${id}`, undefined],
      ['PATCH', `/api/brands/${id}`, { name: 'Taken' }],
      ['POST', `/api/brands/${id}/duplicate`, undefined],
      ['DELETE', `/api/brands/${id}`, undefined],
    ] as const) {
      const answer = await callApi(method, path, { token, body })
      assert.deepEqual([answer.status, answer.body], [404, { message: 'Brand not found' }], method)
    }
    const untouched = await Brand.findOrFail(id)
    assert.equal(untouched.name, 'Other brand')

    const { client: agent } = await connectAgent(token, cleanup)
    const listed = dataOf<{ brands: { id: number; name: string; defaults: object }[] }>(
      await agent.callTool({ name: 'list_brands', arguments: {} })
    )
    assert.deepEqual(
      listed.brands.map((brand) => [brand.id, brand.name]),
      [[mine.body().id, 'Acme Coffee']]
    )
    assert.deepEqual(listed.brands[0].defaults, {
      voice: null,
      musicTrackId: null,
      style: 'cinematic',
      aspectRatio: '9:16',
    })
  })
})

const DOMAIN = 'brands.load.reelforge.test'

test.group('Brand kits: under load', (group) => {
  group.each.teardown(async () => {
    await db.from('users').where('email', 'like', `%@${DOMAIN}`).delete()
  })

  test('20 parallel creations on Pro make exactly one kit', async ({ client, assert }) => {
    const user: User = await onPlan(`racer@${DOMAIN}`, 'pro')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .post('/api/brands')
          .json({ name: `Racer ${index}` })
          .loginAs(user)
          .withCsrfToken()
      )
    )
    const statuses = answers.map((answer) => answer.status()).sort()
    assert.deepEqual(statuses, [201, ...Array.from({ length: 19 }, () => 403)])
    assert.lengthOf(await Brand.query().where('user_id', user.id), 1)
  })
})
