import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Brand from '#studio/models/brand'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'

const KIT = {
  name: 'Acme Coffee',
  primary_color: '#1e3a8a',
  accent_color: '#FFE14D',
  captions: null,
  logo: { corner: 'bottom-left', size: 15, opacity: 80 },
  intro: { title: 'Acme Coffee', seconds: 1.5 },
  outro: null,
  defaults: { voice: null, music_track_id: null, style: 'cinematic', aspect_ratio: '9:16' },
}

function createBrand(userId: number, name: string, primaryColor = '#1E3A8A') {
  return Brand.create({ userId, name, primaryColor, accentColor: '#FFE14D', version: 1 })
}

async function onPlan(email: string, plan: 'free' | 'pro' | 'agency') {
  const user = await createAccount(email)
  await setAccount(user, { plan })
  return user
}

test.group('Brand kits page (/brands)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the page carries the kits and every option the form offers; the sidebar knows the plan has kits', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('brands.page@example.com', 'agency')
    const acme = await createBrand(user.id, 'Acme', '#112233')
    await acme.merge({ version: 3 }).save()

    const page = await client.get('/brands').loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('studio/brands')
    const props = page.inertiaProps
    assert.containsSubset(props.brands, [
      { name: 'Acme', primaryColor: '#112233', version: 3, choosable: true },
    ])
    assert.isNull(props.full)
    assert.deepEqual(props.aspectRatios, ['9:16', '1:1', '16:9'])
    assert.include(
      props.styles.map((style: { id: string }) => style.id),
      'cinematic'
    )
    assert.include(
      props.captionChoices.styles.map((style: { id: string }) => style.id),
      'karaoke'
    )
    assert.isArray(props.musicTracks)
    assert.isArray(props.voiceProviders)
    assert.equal(props.user.brandLimit, 25)
  })

  test('on a plan without kits the page says why and where to upgrade', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('brands.free@example.com', 'free')

    const page = await client.get('/brands').loginAs(user).withInertia()
    page.assertStatus(200)
    assert.deepEqual(page.inertiaProps.brands, [])
    assert.equal(
      page.inertiaProps.full,
      'Brand kits come with the Pro and Agency plans. Upgrade on /plans to make one.'
    )
    assert.equal(page.inertiaProps.user.brandLimit, 0)
  })

  test('the page writes answer with a redirect back and a toast', async ({ client, assert }) => {
    const user = await onPlan('brands.writes@example.com', 'agency')
    const write = (method: 'post' | 'patch' | 'delete', path: string, body: object = {}) =>
      client[method](path)
        .json(body)
        .header('referer', '/brands')
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const created = await write('post', '/brands', KIT)
    created.assertStatus(302)
    created.assertHeader('location', '/brands')
    assert.deepEqual(created.flashMessages(), { success: 'Brand kit saved' })
    const brand = await Brand.findByOrFail('user_id', user.id)
    assert.deepEqual(
      [brand.name, brand.primaryColor, brand.introTitle, brand.logoCorner],
      ['Acme Coffee', '#1E3A8A', 'Acme Coffee', 'bottom-left']
    )

    const edited = await write('patch', `/brands/${brand.id}`, { ...KIT, name: 'Acme Tea' })
    assert.deepEqual(edited.flashMessages(), { success: 'Brand kit saved' })
    await brand.refresh()
    assert.deepEqual([brand.name, brand.version], ['Acme Tea', 2])

    const copied = await write('post', `/brands/${brand.id}/duplicate`)
    assert.deepEqual(copied.flashMessages(), { success: 'Brand kit duplicated' })
    const copy = await Brand.findByOrFail('name', 'Acme Tea (copy)')

    const deleted = await write('delete', `/brands/${copy.id}`)
    deleted.assertHeader('location', '/brands')
    assert.deepEqual(deleted.flashMessages(), { success: 'Brand kit deleted' })
    assert.isNull(await Brand.find(copy.id))

    const page = await client.get('/brands').loginAs(user).withInertia()
    assert.deepEqual(
      page.inertiaProps.brands.map((entry: { name: string }) => entry.name),
      ['Acme Tea']
    )
  })

  test('refusals: a field beside its control, the plan limit as a toast, another user’s kit not found', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('brands.refused@example.com', 'pro')
    const stranger = await onPlan('brands.stranger@example.com', 'agency')
    const theirs = await createBrand(stranger.id, 'Theirs')
    const write = (method: 'post' | 'patch' | 'delete', path: string, body: object = {}) =>
      client[method](path)
        .json(body)
        .header('referer', '/brands')
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const invalid = await write('post', '/brands', {
      ...KIT,
      name: '',
      logo: { corner: 'top-left', size: 40, opacity: 80 },
    })
    invalid.assertHeader('location', '/brands')
    assert.containsSubset(invalid.flashMessages().inputErrorsBag, {
      'name': ['Please give the brand a name.'],
      'logo.size': ['The logo’s size is between 5 and 30 % of the frame.'],
    })

    await write('post', '/brands', KIT)
    const past = await write('post', '/brands', { ...KIT, name: 'Second' })
    past.assertHeader('location', '/brands')
    assert.deepEqual(past.flashMessages(), {
      error: 'Your plan includes 1 brand kit. Upgrade on /plans for more, or edit one you have.',
    })
    assert.lengthOf(await Brand.query().where('user_id', user.id), 1)

    const full = await client.get('/brands').loginAs(user).withInertia()
    assert.equal(
      full.inertiaProps.full,
      'Your plan includes 1 brand kit. Upgrade on /plans for more, or edit one you have.'
    )

    // Someone else's kit is missing: the page write comes back with the 404's words as a toast.
    for (const [method, path] of [
      ['patch', `/brands/${theirs.id}`],
      ['post', `/brands/${theirs.id}/duplicate`],
      ['delete', `/brands/${theirs.id}`],
    ] as const) {
      const foreign = await write(method, path, { name: 'Mine now' })
      foreign.assertHeader('location', '/brands')
      assert.deepEqual(foreign.flashMessages(), { error: 'Brand not found' }, path)
    }
    await theirs.refresh()
    assert.equal(theirs.name, 'Theirs')
  })
})
