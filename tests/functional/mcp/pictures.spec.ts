import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import Scene from '#studio/models/scene'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import {
  makeJpeg,
  pictureRowsOf,
  removeStoredPictures,
  startPictureServer,
} from '#tests/helpers/pictures'

test.group('MCP: Image to Video', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('import_picture twice → create_project in image-to-video: one scene per picture, 5 credits each', async ({
    assert,
    cleanup,
  }) => {
    // The local picture server is private: the tests' setting lets the fetcher reach it.
    env.set('PICTURE_FETCH_PRIVATE', 'allow')
    cleanup(() => {
      env.set('PICTURE_FETCH_PRIVATE', undefined as never)
      delete process.env.PICTURE_FETCH_PRIVATE
    })
    const user = await createAgencyAccount('agent.pictures@example.com')
    removeStoredPictures(cleanup, [user])
    const photos = [await makeJpeg(160, 90), await makeJpeg(90, 160)]
    const server = await startPictureServer((request, response) => {
      const photo = photos[request.url === '/second.jpg' ? 1 : 0]
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length })
      response.end(photo)
    })
    cleanup(() => server.close())
    const { client } = await connectAgent(await createApiToken(user, 'agent'), cleanup)

    const ids: number[] = []
    for (const path of ['/first.jpg', '/second.jpg']) {
      const imported = await client.callTool({
        name: 'import_picture',
        arguments: { url: `${server.base}${path}` },
      })
      assert.notOk(imported.isError, textOf(imported))
      ids.push(dataOf(imported).picture.id)
    }
    const { providers } = dataOf(await client.callTool({ name: 'list_voices', arguments: {} }))
    const created = await client.callTool({
      name: 'create_project',
      arguments: {
        script: 'A red harbour at dusk. A tall green tower.',
        style: 'cinematic',
        voice: { id: providers[0].voices[0].id, provider: providers[0].id },
        aspect_ratio: '9:16',
        generation_mode: 'image-to-video',
        picture_ids: ids,
      },
    })

    assert.notOk(created.isError, textOf(created))
    const scenes = await Scene.query().where('project_id', dataOf(created).id).orderBy('order')
    assert.deepEqual(
      scenes.map((scene) => scene.pictureId),
      ids
    )
    assert.include(textOf(created), '10 credits')
  })

  test('a private address is refused as a tool error with the API’s sentence; nothing is stored', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('agent.ssrf@example.com')
    const { client } = await connectAgent(await createApiToken(user, 'agent'), cleanup)

    const refused = await client.callTool({
      name: 'import_picture',
      arguments: { url: 'http://169.254.169.254/latest/meta-data' },
    })

    assert.isTrue(refused.isError)
    assert.match(textOf(refused), /^That address can't be fetched/)
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })
})
