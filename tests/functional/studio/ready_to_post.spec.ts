import { test } from '@japa/runner'
import fc from 'fast-check'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import Project from '#studio/models/project'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import {
  HASHTAG,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
  type VideoPost,
} from '#shared/video_post'
import { createAccount } from '#tests/helpers/auth'
import { callApi, createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import { createProject, obliterateQueues } from '#tests/helpers/studio'

/** Inertia answers a PATCH visit's redirect with 303. */
const REDIRECTS = [302, 303]

const WRITTEN: VideoPost = {
  title: 'The last night of the lighthouse keeper',
  description: 'He climbs the spiral stairs one last time.',
  hashtags: ['#lighthouse', '#keeper', '#sea'],
}

const HASHTAG_RULE =
  'Each hashtag is # followed by letters, digits or underscores (no spaces or punctuation), ' +
  'up to 50 characters, like #coffee.'

/** A project of `owner`'s whose render is done, with `post` as its render wrote it (null: before posts). */
async function finishedVideo(owner: User, post: VideoPost | null = WRITTEN) {
  const project = await createProject(owner, 2)
  await project
    .merge({
      status: 'done',
      progressPercent: 100,
      renderRun: 1,
      outputVideoKey: `projects/${project.id}/runs/1/video.mp4`,
      thumbKey: `projects/${project.id}/runs/1/thumb.jpg`,
      resolution: '720x1280',
      watermarked: false,
      post,
    })
    .save()
  return project
}

function editPost(client: ApiClient, user: User) {
  return (id: number, body: unknown) =>
    client.patch(`/api/videos/${id}/post`).json(body).loginAs(user).withCsrfToken()
}

test.group('Ready to post: a finished video’s title, description and hashtags', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('the player gets the post as a prop, the same as GET /api/videos/:id and My Videos', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('post.player@example.com')
    const project = await finishedVideo(user)

    const page = await client.get(`/player/${project.id}`).withInertia().loginAs(user)
    const api = await client.get(`/api/videos/${project.id}`).loginAs(user)
    const list = await client.get('/api/my-videos').loginAs(user)
    const library = await client.get('/api/my-videos?perPage=10').loginAs(user)

    page.assertInertiaComponent('studio/player')
    assert.deepEqual(page.inertiaProps.video.post, WRITTEN)
    assert.deepEqual(api.body().post, WRITTEN)
    assert.deepEqual(list.body()[0].post, WRITTEN)
    assert.deepEqual(library.body().data[0].post, WRITTEN)
  })

  test('a draft has no post yet; a video finished before posts were kept gets one from its script', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('post.legacy@example.com')
    const draft = await createProject(user, 1)
    const legacy = await finishedVideo(user, null)

    const drafted = await client.get(`/api/videos/${draft.id}`).loginAs(user)
    const written = await client.get(`/api/videos/${legacy.id}`).loginAs(user)
    const listed = await client.get('/api/my-videos').loginAs(user)

    assert.isNull(drafted.body().post)
    assert.deepEqual(
      written.body().post,
      writePostOffline('scene number 1 scene number 2', 'english')
    )
    assert.equal(written.body().post.title, 'Scene number 1 scene number 2')
    const entries = listed.body() as { id: number; post: VideoPost | null }[]
    assert.deepEqual(entries.find((entry) => entry.id === legacy.id)?.post, written.body().post)
    assert.isNull(entries.find((entry) => entry.id === draft.id)?.post)
  })

  test('PATCH /api/videos/:id/post changes the fields sent, keeps the others, and answers the video', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('post.edit@example.com')
    const project = await finishedVideo(user)
    const patch = editPost(client, user)

    const titled = await patch(project.id, { title: '  Goodbye, lighthouse  ' })
    const tagged = await patch(project.id, {
      description: '',
      hashtags: ['#灯台', '#منارة', '#café_au_lait', '#कॉफ़ी', '#Sea2026'],
    })

    titled.assertStatus(200)
    assert.deepEqual(titled.body().post, { ...WRITTEN, title: 'Goodbye, lighthouse' })
    tagged.assertStatus(200)
    assert.deepEqual(tagged.body().post, {
      title: 'Goodbye, lighthouse',
      description: '',
      hashtags: ['#灯台', '#منارة', '#café_au_lait', '#कॉफ़ी', '#Sea2026'],
    })
    assert.equal(tagged.body().id, project.id)
    await project.refresh()
    assert.deepEqual(project.post, tagged.body().post)
    assert.isNotNull(project.postEditedAt)
  })

  test('the player’s edit goes back to the player with a toast', async ({ client, assert }) => {
    const user = await createAccount('post.page@example.com')
    const project = await finishedVideo(user)
    const player = `/player/${project.id}`

    const saved = await client
      .patch(`/player/${project.id}/post`)
      .json({ title: 'A new title', description: 'New words.', hashtags: ['#a1', '#b2', '#c3'] })
      .header('referer', player)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    const refused = await client
      .patch(`/player/${project.id}/post`)
      .json({ title: '', hashtags: ['#ok', 'no spaces allowed', '#fine'] })
      .header('referer', player)
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.include(REDIRECTS, saved.status())
    saved.assertHeader('location', player)
    assert.equal(saved.flashMessages().success, 'Post saved')
    assert.include(REDIRECTS, refused.status())
    assert.deepEqual(refused.flashMessages().inputErrorsBag, {
      'title': ['Please give the video a title.'],
      'hashtags.1': [HASHTAG_RULE],
    })
    await project.refresh()
    assert.deepEqual(project.post, {
      title: 'A new title',
      description: 'New words.',
      hashtags: ['#a1', '#b2', '#c3'],
    })
  })

  test('hostile input is refused with 422 and its reason, and changes nothing: {label}')
    .with([
      {
        label: 'an empty title',
        body: { title: '   ' },
        message: 'Please give the video a title.',
      },
      {
        label: 'a title of 101 characters',
        body: { title: 'x'.repeat(101) },
        message: 'A title is limited to 100 characters.',
      },
      {
        label: 'a description of 2,001 characters',
        body: { description: 'y'.repeat(2001) },
        message: 'A description is limited to 2,000 characters.',
      },
      {
        label: 'two hashtags',
        body: { hashtags: ['#a', '#b'] },
        message: 'A post has 3 to 8 hashtags.',
      },
      {
        label: 'nine hashtags',
        body: { hashtags: Array.from({ length: 9 }, (_, index) => `#tag${index}`) },
        message: 'A post has 3 to 8 hashtags.',
      },
      {
        label: 'a hashtag with a space',
        body: { hashtags: ['#one', '#two words', '#three'] },
        message: HASHTAG_RULE,
      },
      {
        label: 'a hashtag without #',
        body: { hashtags: ['one', '#two', '#three'] },
        message: HASHTAG_RULE,
      },
      {
        label: 'a bare #',
        body: { hashtags: ['#', '#two', '#three'] },
        message: HASHTAG_RULE,
      },
      {
        label: 'markup in a hashtag',
        body: { hashtags: ['#<script>', '#two', '#three'] },
        message: HASHTAG_RULE,
      },
      {
        label: 'a hashtag of 51 characters',
        body: { hashtags: [`#${'a'.repeat(50)}`, '#two', '#three'] },
        message: HASHTAG_RULE,
      },
      {
        label: 'the same hashtag twice',
        body: { hashtags: ['#Sea', '#sea', '#three'] },
        message: 'Each hashtag may appear only once.',
      },
      {
        label: 'hashtags as one string',
        body: { hashtags: '#one #two #three' },
        message: 'hashtags is a list such as ["#coffee", "#morning", "#barista"].',
      },
      {
        label: 'a title as an object',
        body: { title: { $ne: '' } },
        message: 'The title is text.',
      },
      {
        label: 'a NUL character',
        body: { title: 'caf\u0000e' },
        message:
          'The title field contains a character that cannot be saved (NUL or broken Unicode). Please remove it.',
      },
    ])
    .run(async ({ client, assert }, { body, message }) => {
      const user = await createAccount('post.hostile@example.com')
      const project = await finishedVideo(user)

      const response = await editPost(client, user)(project.id, body)

      response.assertStatus(422)
      assert.equal(response.body().errors[0].message, message)
      await project.refresh()
      assert.deepEqual(project.post, WRITTEN)
      assert.isNull(project.postEditedAt)
    })

  test('any edit of a finished video’s post is saved within the limits or refused with 422, never a 5xx', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('post.fuzz@example.com')
    const project = await finishedVideo(user)
    const patch = editPost(client, user)
    const word = fc.stringMatching(/^[\p{L}\p{N}_]{1,12}$/u)
    const hashtag = fc.oneof(
      word.map((text) => `#${text}`),
      fc.string({ unit: 'grapheme', maxLength: 60 })
    )
    const text = (most: number) =>
      fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 0, maxLength: most + 5 }),
        fc.string({ unit: 'binary', maxLength: 40 })
      )
    const body = fc.record(
      {
        title: fc.oneof(text(POST_TITLE_MAX), fc.anything()),
        description: fc.oneof(text(POST_DESCRIPTION_MAX), fc.constant('')),
        hashtags: fc.oneof(fc.array(hashtag, { maxLength: 10 }), fc.anything()),
      },
      { requiredKeys: [] }
    )

    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const { post: before } = await Project.findOrFail(project.id)
        const response = await patch(project.id, sent)
        seen.add(response.status())
        const stored = await Project.findOrFail(project.id)
        const after = stored.post!
        const context = JSON.stringify({ sent, status: response.status() })
        assert.oneOf(response.status(), [200, 422], context)
        if (response.status() === 422) {
          assert.deepEqual(after, before, context)
          assert.isString(response.body().errors[0].message, context)
          return
        }
        assert.deepEqual(response.body().post, after, context)
        assert.isAtLeast(after.title.length, 1, context)
        assert.isAtMost(after.title.length, POST_TITLE_MAX, context)
        assert.isAtMost(after.description.length, POST_DESCRIPTION_MAX, context)
        assert.isAtLeast(after.hashtags.length, POST_HASHTAGS_MIN, context)
        assert.isAtMost(after.hashtags.length, POST_HASHTAGS_MAX, context)
        for (const tag of after.hashtags) assert.match(tag, HASHTAG, context)
      }),
      { seed: 20_261_129, numRuns: 60 }
    )
    assert.sameMembers([...seen], [200, 422], 'edits both saved and refused')
  }).timeout(60_000)

  test('a video with nothing finished has no post to edit: 409; another user’s video is not found', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('post.owner@example.com')
    const other = await createAccount('post.other@example.com')
    const draft = await createProject(owner, 1)
    const video = await finishedVideo(owner)

    const unfinished = await editPost(client, owner)(draft.id, { title: 'Too early' })
    const theirs = await editPost(client, other)(video.id, { title: 'Not mine' })

    unfinished.assertStatus(409)
    assert.equal(
      unfinished.body().message,
      'This video is not finished yet: its title, description and hashtags are written when it is.'
    )
    theirs.assertStatus(404)
    await video.refresh()
    assert.deepEqual(video.post, WRITTEN)
  })

  test('a newer video of the project keeps an edited post; one never edited is written again', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('post.rerender@example.com')
    await client
      .post('/api/webhook-endpoints')
      .json({ url: 'https://hooks.example.com/reelforge', events: ['video.completed'] })
      .loginAs(user)
      .withCsrfToken()
    const edited = await finishedVideo(user)
    const untouched = await finishedVideo(user)
    await editPost(client, user)(edited.id, { title: 'My own title' })
    const newer: VideoPost = {
      title: 'Newer',
      description: 'Newer words.',
      hashtags: ['#x1', '#x2', '#x3'],
    }
    const lifecycle = await app.container.make(VideoLifecycle)

    for (const project of [edited, untouched]) {
      await Project.query().where('id', project.id).update({ status: 'rendering', render_run: 2 })
      const output = {
        videoKey: `projects/${project.id}/runs/2/video.mp4`,
        thumbKey: `projects/${project.id}/runs/2/thumb.jpg`,
        resolution: '720x1280',
        watermarked: false,
        durationSeconds: 5,
      }
      await lifecycle.complete(project.id, 2, output, newer)
    }

    await edited.refresh()
    await untouched.refresh()
    assert.deepEqual(edited.post, { ...WRITTEN, title: 'My own title' })
    assert.deepEqual(untouched.post, newer)
    const bodies = await db
      .from('webhook_deliveries')
      .where('event_type', 'video.completed')
      .orderBy('id')
      .select('body')
    const posts = bodies.map((row) => JSON.parse(row.body).data.video.post)
    assert.deepEqual(posts, [{ ...WRITTEN, title: 'My own title' }, newer])
  })

  test('MCP: get_video answers the post, edit_video_post edits it as the API does', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('post.mcp@example.com')
    const token = await createApiToken(user)
    const { client } = await connectAgent(token, cleanup)
    const project = await finishedVideo(user)

    const got = await client.callTool({ name: 'get_video', arguments: { id: project.id } })
    const edited = await client.callTool({
      name: 'edit_video_post',
      arguments: { id: project.id, hashtags: ['#one', '#two', '#three', '#four'] },
    })
    const refused = await client.callTool({
      name: 'edit_video_post',
      arguments: { id: project.id, hashtags: ['#one'] },
    })
    const api = await callApi('GET', `/api/videos/${project.id}`, { token })

    assert.deepEqual(dataOf<{ post: VideoPost }>(got).post, WRITTEN)
    assert.include(textOf(got), `Post: "${WRITTEN.title}" #lighthouse #keeper #sea`)
    assert.deepEqual(dataOf<{ post: VideoPost }>(edited).post, {
      ...WRITTEN,
      hashtags: ['#one', '#two', '#three', '#four'],
    })
    assert.deepEqual(api.body.post, dataOf<{ post: VideoPost }>(edited).post)
    assert.isTrue(refused.isError)
    assert.include(textOf(refused), 'A post has 3 to 8 hashtags.')
  })
})
