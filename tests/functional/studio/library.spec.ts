import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createVideos } from '#tests/helpers/studio'
import Scene from '#studio/models/scene'
import { MediaStorage } from '#media/services/media_storage'

type Video = { id: number; prompt: string; status: string; thumbUrl: string | null }
type Page = {
  data: Video[]
  meta: { perPage: number; next: string | null; previous: string | null; counts: object }
}

/** One page of GET /api/my-videos, asserted to be one. */
async function pageOf(client: ApiClient, user: User, qs: Record<string, unknown>) {
  const response = await client.get('/api/my-videos').qs(qs).loginAs(user)
  response.assertStatus(200)
  return response.body() as Page
}

/** The SQL a request runs inside the test's global transaction. */
async function queriesOf(run: () => Promise<unknown>) {
  const transaction = db.connectionGlobalTransactions.get(db.primaryConnectionName)!
  const statements: string[] = []
  const listener = ({ sql }: { sql: string }) => statements.push(sql)
  transaction.debug = true
  emitter.on('db:query', listener)
  try {
    await run()
  } finally {
    emitter.off('db:query', listener)
    transaction.debug = false
  }
  return statements
}

test.group('My Videos at scale: pages, counts, search and filter in SQL', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('60 videos come in pages of 24, 24 and 12, newest first, while a new one is created', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('pages@example.com')
    const ids = await createVideos(user, 60)
    const newestFirst = [...ids].reverse()

    const firstPage = await pageOf(client, user, { perPage: 24 })
    const added = await createProject(user, 0)
    const second = await pageOf(client, user, { perPage: 24, after: firstPage.meta.next })
    const third = await pageOf(client, user, { perPage: 24, after: second.meta.next })
    const fresh = await pageOf(client, user, { perPage: 24 })

    assert.deepEqual(
      [firstPage, second, third].map((page) => page.data.length),
      [24, 24, 12]
    )
    assert.deepEqual(
      [...firstPage.data, ...second.data, ...third.data].map(({ id }) => id),
      newestFirst
    )
    assert.isNull(firstPage.meta.previous)
    assert.isNull(third.meta.next)
    assert.equal(fresh.data[0].id, added.id)
    assert.deepEqual(fresh.meta.counts, { completed: 0, drafts: 61 })
  })

  test('a page before a cursor gives the newer videos back', async ({ client, assert }) => {
    const user = await createAccount('newer@example.com')
    const ids = await createVideos(user, 30)
    const first = await pageOf(client, user, { perPage: 10 })
    const second = await pageOf(client, user, { perPage: 10, after: first.meta.next })
    const back = await pageOf(client, user, { perPage: 10, before: second.meta.previous })

    assert.deepEqual(
      back.data.map(({ id }) => id),
      [...ids].reverse().slice(0, 10)
    )
    assert.isNull(back.meta.previous)
    assert.equal(back.meta.next, first.meta.next)
  })

  test('tab counts, search and status filter combine, in the database', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('filters@example.com')
    const statuses = ['draft', 'done', 'failed', 'queued', 'processing'] as const
    await createVideos(user, 20, (index) => ({
      script: index % 2 === 0 ? `A Lighthouse at dawn ${index}` : `Desert convoy ${index}`,
      status: statuses[index % statuses.length],
    }))

    const search = await client.get('/api/my-videos').qs({ search: 'lighthouse' }).loginAs(user)
    const doneLighthouses = await client
      .get('/api/my-videos')
      .qs({ search: 'LIGHTHOUSE', status: 'completed', perPage: 24 })
      .loginAs(user)
    const drafts = await client
      .get('/api/my-videos')
      .qs({ tab: 'drafts', perPage: 24 })
      .loginAs(user)
    const noDoneDrafts = await client
      .get('/api/my-videos')
      .qs({ tab: 'drafts', status: 'completed', perPage: 24 })
      .loginAs(user)
    const wildcard = await client.get('/api/my-videos').qs({ search: '%' }).loginAs(user)
    const failed = await client.get('/api/my-videos').qs({ status: 'failed' }).loginAs(user)

    assert.lengthOf(search.body(), 10)
    assert.isTrue(search.body().every((video: Video) => video.prompt.includes('Lighthouse')))
    const page = doneLighthouses.body() as Page
    assert.deepEqual(
      page.data.map((video) => [video.status, video.prompt.startsWith('A Lighthouse')]),
      [
        ['done', true],
        ['done', true],
      ]
    )
    assert.deepEqual(page.meta.counts, { completed: 2, drafts: 0 })
    assert.deepEqual((drafts.body() as Page).meta.counts, { completed: 16, drafts: 4 })
    assert.isTrue((drafts.body() as Page).data.every((video) => video.status === 'draft'))
    // An empty page still counts the other tab.
    assert.deepEqual((noDoneDrafts.body() as Page).data, [])
    assert.deepEqual((noDoneDrafts.body() as Page).meta.counts, { completed: 4, drafts: 0 })
    wildcard.assertBody([])
    assert.deepEqual(
      failed.body().map((video: Video) => video.status),
      ['failed', 'failed', 'failed', 'failed']
    )
  })

  test("another user's videos never appear, in lists, counts or searches", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('owner.library@example.com')
    const stranger = await createAccount('stranger.library@example.com')
    await createVideos(owner, 5, () => ({ script: 'secret plans', status: 'done' }))
    await createVideos(stranger, 1, () => ({ script: 'my own', status: 'done' }))

    const list = await client.get('/api/my-videos').qs({ search: 'secret' }).loginAs(stranger)
    const page = await client.get('/api/my-videos').qs({ perPage: 50 }).loginAs(stranger)
    const props = await client.get('/videos').withInertia().loginAs(stranger)

    list.assertBody([])
    assert.deepEqual(
      (page.body() as Page).data.map((video) => video.prompt),
      ['my own']
    )
    assert.deepEqual(page.body().meta.counts, { completed: 1, drafts: 0 })
    assert.deepEqual(props.inertiaProps.library.counts, { completed: 1, drafts: 0 })
  })

  test('without paging the list keeps its plain shape, capped at 100 with a link to the rest', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('capped@example.com')
    const ids = await createVideos(user, 105)

    const response = await client.get('/api/my-videos').loginAs(user)
    const [, link] = /^<(.+)>; rel="next"$/.exec(response.header('link') ?? '')!
    const next = new URL(link, 'http://localhost')
    const rest = await client.get(`/api/my-videos${next.search}`).loginAs(user)

    assert.isArray(response.body())
    assert.lengthOf(response.body(), 100)
    assert.deepEqual(
      rest.body().map((video: Video) => video.id),
      ids.slice(0, 5).reverse()
    )
    assert.isUndefined(rest.header('link'))
  })

  test('bad paging input is a 422 naming the field', async ({ client }) => {
    const user = await createAccount('bad.paging@example.com')
    for (const qs of [
      { perPage: 0 },
      { perPage: 101 },
      { after: 'abc' },
      { before: '1.0' },
      { after: '1700000000000000.2147483648' },
      { status: 'lost' },
    ]) {
      const response = await client.get('/api/my-videos').qs(qs).loginAs(user)
      response.assertStatus(422)
      response.assertBodyContains({ errors: [{ field: Object.keys(qs)[0] }] })
    }
  })

  test('a page and its counts are one query for 10 videos as for 1,000, never loading scenes', async ({
    client,
    assert,
  }) => {
    const few = await createAccount('few@example.com')
    const many = await createAccount('many@example.com')
    await createVideos(few, 10, () => ({ status: 'done' }))
    await createVideos(many, 1000, () => ({ status: 'done' }))

    const forFew = await queriesOf(() =>
      client.get('/api/my-videos').qs({ perPage: 24 }).loginAs(few)
    )
    const forMany = await queriesOf(() =>
      client.get('/api/my-videos').qs({ perPage: 24 }).loginAs(many)
    )
    const listing = forMany.filter((sql) => /\bfrom "?projects"?\b/.test(sql))

    assert.equal(forFew.length, forMany.length)
    assert.lengthOf(listing, 1)
    assert.isFalse(forMany.some((sql) => /^select \* from "scenes"/.test(sql)))
  })

  test('a card shows its first still and length without its scenes, signed once per window', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('stills@example.com')
    const project = await createProject(user, 3)
    await Scene.query()
      .where('project_id', project.id)
      .where('order', 2)
      .update({ thumbnail_key: `projects/${project.id}/scene-2.jpg` })
    await new MediaStorage().put(
      `projects/${project.id}/scene-2.jpg`,
      Buffer.from('x'),
      'image/jpeg'
    )

    const first = await client.get('/api/my-videos').loginAs(user)
    const again = await client.get('/api/my-videos').loginAs(user)

    const [video] = first.body()
    assert.equal(video.duration, 15)
    assert.include(video.thumbUrl, `/uploads/projects/${project.id}/scene-2.jpg`)
    assert.equal(again.body()[0].thumbUrl, video.thumbUrl)
    assert.isNull(video.outputVideoUrl)
  })

  test('My Videos and Home take their props from the same list as the API', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('library.props@example.com')
    await createVideos(user, 30, (index) => ({ status: index < 5 ? 'draft' : 'done' }))

    const page = await client
      .get('/videos')
      .qs({ tab: 'completed', search: 'video' })
      .withInertia()
      .loginAs(user)
    const api = await client
      .get('/api/my-videos')
      .qs({ tab: 'completed', search: 'video', perPage: 24 })
      .loginAs(user)
    const home = await client.get('/').withInertia().loginAs(user)
    const odd = await client.get('/videos').qs({ status: 'lost' }).withInertia().loginAs(user)

    page.assertInertiaComponent('studio/videos')
    const { meta, data } = api.body() as Page
    assert.deepEqual(page.inertiaProps.library, {
      videos: data,
      next: meta.next,
      previous: meta.previous,
      counts: meta.counts,
    })
    assert.deepEqual(page.inertiaProps.filters, {
      search: 'video',
      status: 'all',
      tab: 'completed',
    })
    assert.deepEqual(home.inertiaProps.videos, api.body().data.slice(0, 6))
    assert.deepEqual(odd.inertiaProps.filters, { search: '', status: 'all', tab: 'completed' })
    assert.lengthOf(odd.inertiaProps.library.videos, 24)
  })
})
