import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createTrack } from '#tests/helpers/studio'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'

test.group('Studio pages: first paint from props', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Home gets the six latest videos of /api/my-videos, newest first', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('home.props@example.com')
    for (let index = 0; index < 7; index++) await createProject(user, 1)

    const page = await client.get('/').withInertia().loginAs(user)
    const api = await client.get('/api/my-videos').loginAs(user)

    page.assertStatus(200)
    page.assertInertiaComponent('studio/dashboard')
    assert.lengthOf(page.inertiaProps.videos, 6)
    assert.deepEqual(page.inertiaProps.videos, api.body().slice(0, 6))
  })

  test('My Videos gets its page of /api/my-videos, and a partial reload sends only it', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('videos.props@example.com')
    const first = await createProject(user, 2)
    await createProject(user, 1)
    await Project.query().where('id', first.id).update({ status: 'done' })

    const page = await client.get('/videos').withInertia().loginAs(user)
    const api = await client.get('/api/my-videos').qs({ tab: 'completed' }).loginAs(user)
    // The prompt is the script as it stands: the scenes' words.
    await Scene.query()
      .where('project_id', first.id)
      .where('order', 1)
      .update({ prompt: 'A new script for' })
    const reload = await client
      .get('/videos')
      .withInertiaPartialReload('studio/videos', ['library'])
      .loginAs(user)

    page.assertInertiaComponent('studio/videos')
    assert.deepEqual(page.inertiaProps.library.videos, api.body())
    assert.deepEqual(page.inertiaProps.library.counts, { completed: 1, drafts: 1 })
    assert.equal(reload.inertiaProps.library.videos[0].prompt, 'A new script for scene number 2')
    assert.notProperty(reload.inertiaProps, 'filters')
  })

  test('the status page gets /api/video/status as its report, reloadable on its own', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('status.props@example.com')
    const project = await createProject(user, 1)
    await Project.query().where('id', project.id).update({ progress_percent: 40 })

    const page = await client.get(`/status/${project.id}`).withInertia().loginAs(user)
    const api = await client.get(`/api/video/status/${project.id}`).loginAs(user)
    const reload = await client
      .get(`/status/${project.id}`)
      .withInertiaPartialReload('studio/status', ['report'])
      .loginAs(user)

    page.assertInertiaComponent('studio/status')
    page.assertInertiaPropsContains({
      projectId: project.id,
      report: { status: 'draft', error: null, progress: 40 },
    })
    assert.deepEqual(page.inertiaProps.report, api.body())
    assert.deepEqual(reload.inertiaProps.report, api.body())
    assert.notProperty(reload.inertiaProps, 'projectId')
  })

  test('the video page gets /api/videos/{id} as its video', async ({ client, assert }) => {
    const user = await createAccount('player.props@example.com')
    const project = await createProject(user, 2)

    const page = await client.get(`/player/${project.id}`).withInertia().loginAs(user)
    const api = await client.get(`/api/videos/${project.id}`).loginAs(user)

    page.assertInertiaComponent('studio/player')
    assert.deepEqual(page.inertiaProps.video, api.body())
    assert.equal(page.inertiaProps.video.duration, 10)
  })

  test('the storyboard gets the project of /api/projects/{id}, one name per field, scenes included', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('storyboard.props@example.com')
    const project = await createProject(user, 3)

    const page = await client.get(`/storyboard/${project.id}`).withInertia().loginAs(user)
    const api = await client.get(`/api/projects/${project.id}`).loginAs(user)

    page.assertInertiaComponent('studio/storyboard')
    const body = api.body()
    assert.deepEqual(page.inertiaProps.project, {
      id: body.id,
      script: body.script,
      style: body.style,
      aspectRatio: body.aspect_ratio,
      targetSeconds: body.targetSeconds,
      generationMode: body.generation_mode,
      voice: {
        speed: body.voice.speed,
        pace: { name: 'english', locale: 'en', unit: 'word', perSecond: 2.5 },
      },
      captions: body.captions,
      status: body.status,
      duration: body.duration,
      creditsNeeded: body.creditsNeeded,
      progressPercent: body.progressPercent,
      error: body.error,
      scenes: body.scenes,
      brand: body.brand,
    })
    assert.lengthOf(page.inertiaProps.project.scenes, 3)
  })

  test("/setup gets the music tracks and the profile language's voices of their /api lists", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('setup.props@example.com')
    await createTrack()

    const page = await client.get('/setup').withInertia().loginAs(user)
    const voices = await client.get('/api/voice-providers?language=english').loginAs(user)
    const tracks = await client.get('/api/music-tracks').loginAs(user)

    page.assertInertiaComponent('studio/setup')
    assert.deepEqual(page.inertiaProps.voiceProviders, voices.body())
    assert.deepEqual(page.inertiaProps.musicTracks, tracks.body())
    assert.isAbove(page.inertiaProps.musicTracks.length, 0)
  })

  test("another user's project is the not-found page with a 404, on every page", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('pages.owner@example.com')
    const stranger = await createAccount('pages.stranger@example.com')
    const project = await createProject(owner, 1)

    const pages = [
      [`/storyboard/${project.id}`, 'project'],
      [`/status/${project.id}`, 'project'],
      [`/player/${project.id}`, 'video'],
    ] as const
    for (const [path, resource] of pages) {
      const theirs = await client.get(path).withInertia().loginAs(stranger)
      const missing = await client.get(path.replace(/\d+$/, '999999')).withInertia().loginAs(owner)

      theirs.assertStatus(404)
      theirs.assertInertiaComponent('core/not_found')
      assert.equal(theirs.inertiaProps.resource, resource, path)
      // Someone else's and no one's look the same: nothing tells which ids exist.
      missing.assertStatus(404)
      assert.equal(missing.inertiaProps.resource, resource, path)
    }
    const api = await client.get(`/api/projects/${project.id}`).loginAs(stranger)
    api.assertStatus(404)
    api.assertBody({ message: 'Project not found' })
  })
})
