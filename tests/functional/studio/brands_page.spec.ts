import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Brand from '#studio/models/brand'
import Project from '#studio/models/project'
import { createAccount } from '#tests/helpers/auth'
import { setAccount } from '#tests/helpers/billing'
import { createProject, projectBody } from '#tests/helpers/studio'

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

test.group('Brand kits on /setup, the storyboard, the status page and My Videos', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/setup offers the kits the plan lets a new video use, with what each fills in', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('setup.kits@example.com', 'pro')
    const first = await createBrand(user.id, 'First', '#112233')
    await first
      .merge({
        style: 'noir',
        aspectRatio: '1:1',
        voice: { id: 'en-us', provider: 'espeak' },
        introTitle: 'Hello',
        introSeconds: 1.5,
        outroLine: 'Follow @first',
        outroSeconds: 2.5,
        captions: {
          style: 'word',
          position: 'bottom',
          font: 'anton',
          textColor: '#FFFFFF',
          highlightColor: '#00FF88',
          size: 'L',
          uppercase: true,
        },
      })
      .save()
    // Pro allows one kit: the second, newer one is kept but not offered.
    await createBrand(user.id, 'Second')

    const page = await client.get('/setup').loginAs(user).withInertia()
    page.assertInertiaComponent('studio/setup')
    assert.deepEqual(page.inertiaProps.brands, [
      {
        id: first.id,
        name: 'First',
        primaryColor: '#112233',
        addedSeconds: 4,
        style: 'noir',
        voice: { id: 'en-us', provider: 'espeak' },
        musicTrackId: null,
        aspectRatio: '1:1',
        captions: {
          style: 'word',
          position: 'bottom',
          font: 'anton',
          text_color: '#FFFFFF',
          highlight_color: '#00FF88',
          size: 'L',
          uppercase: true,
        },
      },
    ])

    const free = await onPlan('setup.nokits@example.com', 'free')
    const plain = await client.get('/setup').loginAs(free).withInertia()
    assert.deepEqual(plain.inertiaProps.brands, [])
  })

  test('Continue to Storyboard with a kit: the project names it; another user’s kit is a toast and nothing is made', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('setup.brand@example.com', 'agency')
    const kit = await createBrand(user.id, 'Mine')
    const stranger = await onPlan('setup.brand.stranger@example.com', 'agency')
    const theirs = await createBrand(stranger.id, 'Theirs')
    const send = (brandId: number) =>
      client
        .post('/setup')
        .json(projectBody({ brand_id: brandId }))
        .header('referer', '/setup')
        .withInertia()
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)

    const refused = await send(theirs.id)
    refused.assertHeader('location', '/setup')
    assert.deepEqual(refused.flashMessages(), { error: 'Brand not found' })
    assert.lengthOf(await Project.query().where('user_id', user.id), 0)

    const made = await send(kit.id)
    const project = await Project.query().where('user_id', user.id).firstOrFail()
    made.assertHeader('location', `/storyboard/${project.id}`)
    assert.equal(project.brandId, kit.id)
  })

  test('the storyboard names the kit and counts its intro and outro in the length; the status page and My Videos count the run’s', async ({
    client,
    assert,
  }) => {
    const user = await onPlan('storyboard.brand@example.com', 'agency')
    const kit = await createBrand(user.id, 'Acme')
    await kit
      .merge({
        version: 4,
        introTitle: 'Acme',
        introSeconds: 1.5,
        outroLine: 'Bye',
        outroSeconds: 2,
      })
      .save()
    const project = await createProject(user, 2)
    await project
      .merge({
        brandId: kit.id,
        status: 'done',
        brandSnapshot: {
          brandId: kit.id,
          name: 'Acme',
          version: 3,
          primaryColor: '#1E3A8A',
          accentColor: '#FFE14D',
          logo: null,
          intro: { title: 'Acme', seconds: 1 },
          outro: { line: 'Bye', seconds: 2 },
        },
      })
      .save()

    const storyboard = await client.get(`/storyboard/${project.id}`).loginAs(user).withInertia()
    // The next render draws the kit as it stands: version 4, 3.5 s of cards.
    assert.deepEqual(storyboard.inertiaProps.project.brand, {
      name: 'Acme',
      version: 4,
      addedSeconds: 3.5,
    })
    assert.equal(storyboard.inertiaProps.project.duration, 10, 'credits pay for the scenes only')

    // The status page and the video's card tell the last run's: version 3, 10 s + 3 s.
    const status = await client.get(`/status/${project.id}`).loginAs(user).withInertia()
    assert.containsSubset(status.inertiaProps.report, {
      seconds: 13,
      brand: { name: 'Acme', version: 3 },
    })
    const library = await client.get('/api/my-videos').loginAs(user)
    assert.containsSubset(library.body(), [{ id: project.id, duration: 13 }])

    // The kit deleted, the storyboard names what a re-render still draws: the snapshot.
    await kit.delete()
    const after = await client.get(`/api/projects/${project.id}`).loginAs(user)
    assert.deepEqual(after.body().brand, { name: 'Acme', version: 3, addedSeconds: 3 })
  })
})
