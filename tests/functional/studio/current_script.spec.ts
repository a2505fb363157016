import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf } from '#tests/helpers/mcp'
import { projectBody } from '#tests/helpers/studio'

const SCRIPT =
  'A lighthouse stands on the cliff above the town. The keeper climbs the stairs at dawn. ' +
  'The lamp turns slowly over the grey sea. A small ship finds the harbour at last.'

test.group('The prompt shown is the current script', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('after scenes are edited, moved, added and removed: player, My Videos, API and MCP agree', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('current.script@example.com')
    const created = await client
      .post('/api/projects')
      .json(projectBody({ script: SCRIPT }))
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const id: number = created.body().id
    const made = await client.get(`/api/projects/${id}/scenes`).loginAs(user)
    const scenes: { id: number; prompt: string }[] = made.body()
    assert.isAbove(scenes.length, 2)

    const edited = await client
      .patch(`/api/scenes/${scenes[0].id}`)
      .json({ prompt: 'A red tram climbs the hill.' })
      .loginAs(user)
      .withCsrfToken()
    const moved = await client
      .patch(`/api/scenes/${scenes[1].id}`)
      .json({ order: scenes.length })
      .loginAs(user)
      .withCsrfToken()
    const removed = await client.delete(`/api/scenes/${scenes[2].id}`).loginAs(user).withCsrfToken()
    const added = await client
      .post('/api/scenes')
      .json({ projectId: id, prompt: 'Gulls circle the quay.', order: 1 })
      .loginAs(user)
      .withCsrfToken()
    for (const write of [edited, moved, removed]) write.assertStatus(200)
    added.assertStatus(201)

    const now = await client.get(`/api/projects/${id}/scenes`).loginAs(user)
    const current = (now.body() as { prompt: string; order: number }[])
      .sort((a, b) => a.order - b.order)
      .map((scene) => scene.prompt)
      .join(' ')
    assert.isTrue(current.startsWith('Gulls circle the quay. A red tram climbs the hill.'))
    assert.notInclude(current, 'lighthouse')

    const project = await client.get(`/api/projects/${id}`).loginAs(user)
    const video = await client.get(`/api/videos/${id}`).loginAs(user)
    const list = await client.get('/api/my-videos?tab=drafts').loginAs(user)
    const player = await client.get(`/player/${id}`).loginAs(user).withInertia()
    const library = await client.get('/videos?tab=drafts').loginAs(user).withInertia()
    const storyboard = await client.get(`/storyboard/${id}`).loginAs(user).withInertia()
    const { client: agent } = await connectAgent(await createApiToken(user, 'agent'), cleanup)
    const viaMcp = dataOf(await agent.callTool({ name: 'get_video', arguments: { id } }))

    assert.equal(project.body().script, current)
    assert.equal(project.body().prompt, current)
    assert.equal(video.body().prompt, current)
    assert.deepEqual(
      list.body().map((card: { prompt: string }) => card.prompt),
      [current]
    )
    assert.equal(player.inertiaProps.video.prompt, current)
    assert.equal(library.inertiaProps.library.videos[0].prompt, current)
    assert.equal(storyboard.inertiaProps.project.script, current)
    assert.equal(viaMcp.prompt, current)
  })

  test("My Videos' search finds the words the video has now, not the ones edited away", async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('current.search@example.com')
    const created = await client
      .post('/api/projects')
      .json(projectBody({ script: SCRIPT }))
      .loginAs(user)
      .withCsrfToken()
    const made = await client.get(`/api/projects/${created.body().id}/scenes`).loginAs(user)
    const [first] = made.body()
    await client
      .patch(`/api/scenes/${first.id}`)
      .json({ prompt: 'A red tram climbs the hill.' })
      .loginAs(user)
      .withCsrfToken()

    const found = await client.get('/api/my-videos?tab=drafts&search=tram').loginAs(user)
    const gone = await client.get('/api/my-videos?tab=drafts&search=cliff').loginAs(user)
    const counted = await client.get('/videos?search=tram').loginAs(user).withInertia()

    assert.lengthOf(found.body(), 1)
    assert.lengthOf(gone.body(), 0)
    assert.deepEqual(counted.inertiaProps.library.counts, { completed: 0, drafts: 1 })
  })
})
