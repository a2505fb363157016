import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { agent, connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import { portabilityProblems } from '#tests/helpers/schema_portability'
import { createProject } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'

/** Every string under a key naming a URL (`thumbUrl`, `url`, `uploadURL`), with where it is. */
function urlsIn(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => urlsIn(item, `${path}[${index}]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, field]) =>
    /url$/i.test(key) && typeof field === 'string'
      ? [[`${path}.${key}`, field] as [string, string]]
      : urlsIn(field, `${path}.${key}`)
  )
}

test.group('MCP: schemas every client reads alike', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every tool’s schemas are portable and every argument says what it is', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('mcp.schemas@example.com')
    const { client } = await connectAgent(await createApiToken(user), cleanup)

    const { tools } = await client.listTools()

    const problems = tools.flatMap((tool) => [
      ...portabilityProblems(tool.inputSchema, 'input').map((issue) => `${tool.name} in ${issue}`),
      ...portabilityProblems(tool.outputSchema, 'output').map(
        (issue) => `${tool.name} out ${issue}`
      ),
    ])
    assert.deepEqual(problems, [])
    const toolArguments = tools.flatMap((tool) => Object.keys(tool.inputSchema.properties ?? {}))
    assert.isAtLeast(toolArguments.length, 38)
    const addScene = tools.find((tool) => tool.name === 'add_scene')!
    assert.deepInclude(addScene.inputSchema.properties!.duration, {
      type: 'integer',
      minimum: 5,
      maximum: 5,
    })
    const getVideo = tools.find((tool) => tool.name === 'get_video')!
    assert.match(
      (getVideo.inputSchema.properties!.id as { description: string }).description,
      /video/
    )
  })

  test('the checker finds {name}')
    .with([
      { name: 'a type array', schema: { type: ['string', 'null'] }, issue: 'type is an array' },
      { name: 'a reference', schema: { $ref: '#/$defs/id' }, issue: '$ref' },
      { name: 'a const', schema: { type: 'string', const: 'track' }, issue: 'const' },
      { name: 'a one-value enum', schema: { type: 'number', enum: [5] }, issue: 'one value' },
      { name: 'an untyped enum', schema: { enum: ['a', 'b'] }, issue: 'no type' },
      { name: 'a composition', schema: { oneOf: [{ type: 'string' }] }, issue: 'oneOf' },
      { name: 'a format', schema: { type: 'string', format: 'uri' }, issue: 'format "uri"' },
      { name: 'a \\p pattern', schema: { type: 'string', pattern: '\\p{L}' }, issue: 'Unicode' },
      { name: 'a wide integer', schema: { type: 'integer', maximum: 2 ** 53 }, issue: 'int32' },
      {
        name: 'an open object',
        schema: { type: 'object', properties: {}, additionalProperties: true },
        issue: 'additionalProperties',
      },
      { name: 'an array without items', schema: { type: 'array' }, issue: 'without items' },
      { name: 'no description', schema: { type: 'string' }, issue: 'no description' },
    ])
    .run(({ assert }, { schema, issue }) => {
      const described = { description: 'What the value is, in a sentence.', ...schema }
      const input =
        issue === 'no description'
          ? { type: 'object', properties: { value: schema } }
          : { type: 'object', properties: { value: described } }

      const problems = portabilityProblems(input, 'input')

      assert.isTrue(
        problems.some((problem) => problem.startsWith('value') && problem.includes(issue)),
        problems.join('\n')
      )
    })

  test('the checker passes a plain, described, closed object', ({ assert }) => {
    const input = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'The id, whole.' },
        tags: {
          type: 'array',
          items: { type: 'string', enum: ['a', 'b'] },
          description: 'Some tags, each once.',
        },
      },
      additionalProperties: false,
    }

    assert.deepEqual(portabilityProblems(input, 'input'), [])
  })

  test('an answer may say null only as anyOf [type, null]', ({ assert }) => {
    const output = {
      type: 'object',
      properties: {
        thumbUrl: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        error: { type: ['string', 'null'] },
      },
    }

    assert.deepEqual(portabilityProblems(output, 'output'), [
      'error: type is an array (["string","null"])',
    ])
  })
})

test.group('MCP: every URL an agent reads is absolute', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a video’s and its scenes’ URLs, from APP_URL in structured content and text alike', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('mcp.urls@example.com')
    const project = await createProject(user, 2)
    const storage = new MediaStorage()
    const files = {
      video: `projects/${project.id}/output.mp4`,
      thumb: `projects/${project.id}/thumb.jpg`,
      still: `projects/${project.id}/scenes/still.jpg`,
    }
    for (const key of Object.values(files)) await storage.put(key, Buffer.from(key), 'image/jpeg')
    cleanup(() => storage.deletePrefix(`projects/${project.id}`))
    await project
      .merge({
        status: 'done',
        progressPercent: 100,
        outputVideoKey: files.video,
        thumbKey: files.thumb,
        resolution: '720p',
      })
      .save()
    await Scene.query()
      .where('project_id', project.id)
      .update({ thumbnail_key: files.still, video_key: files.video, status: 'completed' })
    // A client behind a trusted proxy naming another host: URLs still come from APP_URL.
    const token = await createApiToken(user)
    const connected = agent(
      { 'authorization': `Bearer ${token}`, 'x-forwarded-host': 'evil.example' },
      cleanup
    )
    await connected.client.connect(connected.transport)
    await until(
      () => connected.exchanges.some((exchange) => exchange.method === 'GET'),
      10_000,
      "the client's GET for a stream"
    )
    const { client } = connected

    const answers = {
      get_video: await client.callTool({ name: 'get_video', arguments: { id: project.id } }),
      get_project: await client.callTool({ name: 'get_project', arguments: { id: project.id } }),
      list_videos: await client.callTool({ name: 'list_videos', arguments: {} }),
    }

    for (const [tool, result] of Object.entries(answers)) {
      assert.isUndefined(result.isError, textOf(result))
      const data = dataOf(result)
      const urls = urlsIn(data)
      assert.isAtLeast(urls.length, 2, `${tool} answers URLs`)
      for (const [path, url] of urls) {
        assert.isTrue(url.startsWith(`${appUrl}/`), `${tool}${path} is absolute on APP_URL: ${url}`)
      }
      const json = textOf(result).split('\n\n').slice(1).join('\n\n')
      assert.deepEqual(JSON.parse(json), data, `${tool}'s text carries the same JSON`)
    }
    const video = dataOf(answers.get_video)
    assert.include(textOf(answers.get_video).split('\n\n')[0], video.outputVideoUrl)
    const storyboard = dataOf(answers.get_project)
    assert.isTrue(storyboard.scenes.every((scene: { thumbnailUrl: string }) => scene.thumbnailUrl))
    const download = await fetch(video.outputVideoUrl)
    assert.equal(download.status, 200)
    assert.equal(Buffer.from(await download.arrayBuffer()).toString(), files.video)
  })
})
