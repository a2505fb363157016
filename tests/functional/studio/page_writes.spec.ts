import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'

/** Inertia answers a PATCH or DELETE visit's redirect with 303, a POST's with 302. */
const REDIRECTS = [302, 303]

test.group('Studio pages: writes as Inertia visits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a storyboard edit answers with the storyboard and a toast; its /api twin still answers JSON', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.edit@example.com')
    const project = await createProject(user, 2)
    const [first, second] = await Scene.query().where('project_id', project.id).orderBy('order')
    const storyboard = `/storyboard/${project.id}`

    const edited = await client
      .patch(`/storyboard/scenes/${first.id}`)
      .json({ prompt: 'A calm sea at dusk', duration: 5 })
      .header('referer', storyboard)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    const api = await client
      .patch(`/api/scenes/${second.id}`)
      .json({ prompt: 'A gull over the waves' })
      .loginAs(user)
      .withCsrfToken()

    assert.include(REDIRECTS, edited.status())
    edited.assertHeader('location', storyboard)
    assert.equal(edited.flashMessages().success, 'Scene updated successfully')
    await first.refresh()
    assert.equal(first.prompt, 'A calm sea at dusk')
    api.assertStatus(200)
    api.assertBodyContains({ id: second.id, prompt: 'A gull over the waves' })
  })

  test('a refused write goes back with its reason as a toast; bad input as the page errors', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.refused@example.com')
    const project = await createProject(user, 1)
    const [scene] = await Scene.query().where('project_id', project.id)
    await Project.query().where('id', project.id).update({ status: 'processing' })
    const storyboard = `/storyboard/${project.id}`

    const busy = await client
      .delete(`/storyboard/scenes/${scene.id}`)
      .header('referer', storyboard)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    const invalid = await client
      .post('/storyboard/scenes')
      .json({ projectId: project.id, prompt: '' })
      .header('referer', storyboard)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.include(REDIRECTS, busy.status())
    busy.assertHeader('location', storyboard)
    assert.equal(
      busy.flashMessages().error,
      'This project is being generated; wait or cancel first.'
    )
    assert.lengthOf(await Scene.query().where('project_id', project.id), 1)
    assert.include(REDIRECTS, invalid.status())
    assert.property(invalid.flashMessages().inputErrorsBag ?? {}, 'prompt')
  })

  test('Generate Final Video short of credits goes back with the count for the dialog', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.short@example.com')
    const project = await createProject(user, 3)
    const storyboard = `/storyboard/${project.id}`

    const response = await client
      .post(`/storyboard/${project.id}/generate`)
      .header('referer', storyboard)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.include(REDIRECTS, response.status())
    response.assertHeader('location', storyboard)
    assert.deepEqual(response.flashMessages().inputErrorsBag, { missingCredits: '5' })
    await project.refresh()
    assert.equal(project.status, 'draft')
  })

  test('/setup creates the project and opens its storyboard in one visit', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.setup@example.com')

    const response = await client
      .post('/setup')
      .json({
        script: 'A lighthouse keeper climbs the stairs at dawn and lights the lamp.',
        style: 'noir',
        voice: { id: 'en-us', provider: 'espeak', speed: 1, language: 'english' },
        aspect_ratio: '9:16',
        target_seconds: 30,
        generation_mode: 'text-to-video',
      })
      .header('referer', '/setup')
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    const project = await Project.query().where('user_id', user.id).firstOrFail()
    assert.include(REDIRECTS, response.status())
    response.assertHeader('location', `/storyboard/${project.id}`)
  })

  test("/setup?stills=id reports an AI-images project's stills; another user's id reports none", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.stills@example.com')
    const other = await createAccount('visit.stills.other@example.com')
    const project = await createProject(user, 3, { generationMode: 'ai-images-to-video' })
    const [drawn, failed] = await Scene.query().where('project_id', project.id).orderBy('order')
    await Scene.query().where('id', drawn.id).update({ thumbnail_key: 'stills/one.jpg' })
    await Scene.query().where('id', failed.id).update({ status: 'failed' })

    const waiting = await client
      .get('/setup')
      .qs({ stills: project.id })
      .withInertiaPartialReload('studio/setup', ['stills'])
      .loginAs(user)
    const someoneElse = await client
      .get('/setup')
      .qs({ stills: project.id })
      .withInertia()
      .loginAs(other)

    assert.deepEqual(waiting.inertiaProps.stills, {
      projectId: project.id,
      ready: 1,
      total: 3,
      settled: false,
    })
    assert.notProperty(waiting.inertiaProps, 'voiceProviders')
    assert.isNull(someoneElse.inertiaProps.stills)
  })

  test('My Videos deletes a video and stays on its page with a toast', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('visit.delete@example.com')
    const project = await createProject(user, 1)
    await Project.query().where('id', project.id).update({ status: 'done' })

    const response = await client
      .delete(`/videos/${project.id}`)
      .header('referer', '/videos?tab=completed')
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.include(REDIRECTS, response.status())
    response.assertHeader('location', '/videos?tab=completed')
    assert.equal(response.flashMessages().success, 'Video deleted successfully')
    assert.isNull(await Project.find(project.id))
  })
})
