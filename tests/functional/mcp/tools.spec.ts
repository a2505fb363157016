import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { paidCallLimits } from '#config/limiter'
import { MAX_WEBHOOK_ENDPOINTS } from '#auth/actions/save_webhook_endpoint'
import { WEBHOOK_MESSAGES } from '#auth/answers'
import { TOO_MANY_REQUESTS_MESSAGE } from '#core/http/too_many_requests'
import { jsonSchemaOf } from '#core/openapi/json_schema'
import { portableSchema } from '#core/mcp/portable_schema'
import { OPERATION_META, mcpTools } from '#core/mcp/tool_registry'
import Scene from '#studio/models/scene'
import { createProjectValidator } from '#studio/validators/project'
import { createAgencyAccount, createApiToken, callApi } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import { registeredRoutes } from '#tests/helpers/route_fuzz'
import {
  ROUTE_FIXTURES,
  leaks,
  requestFor,
  rowsOf,
  securityWorld,
  type SecurityWorld,
} from '#tests/helpers/security'
import { createProject, projectBody } from '#tests/helpers/studio'
import { balanceOf, setAccount } from '#tests/helpers/billing'

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] }
type Parameter = {
  name: string
  in: string
  required: boolean
  description?: string
  schema: unknown
}
type Operation = {
  operationId: string
  parameters: Parameter[]
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } }
}

const TOOLS = [
  'list_styles',
  'list_languages',
  'list_caption_styles',
  'list_voices',
  'list_music',
  'list_brands',
  'write_script',
  'create_project',
  'get_project',
  'edit_scene',
  'delete_scene',
  'add_scene',
  'generate_video',
  'get_video_status',
  'cancel_video',
  'list_videos',
  'get_video',
  'edit_video_post',
  'create_series',
  'suggest_series_topics',
  'list_series',
  'pause_series',
  'resume_series',
  'get_balance',
  'list_webhook_endpoints',
  'create_webhook_endpoint',
  'update_webhook_endpoint',
  'delete_webhook_endpoint',
  'resend_webhook_delivery',
  'import_picture',
]

/**
 * An operation's input as one object, as a tool publishes it (portable): its
 * path and query params (with their descriptions) and its body's fields.
 */
function operationInput(operation: Operation) {
  const body = operation.requestBody?.content['application/json'].schema ?? {}
  const params = operation.parameters.filter((parameter) =>
    ['path', 'query'].includes(parameter.in)
  )
  const paramSchema = ({ schema, description }: Parameter) => ({
    ...(schema as Record<string, unknown>),
    ...(description ? { description } : {}),
  })
  const properties = {
    ...Object.fromEntries(params.map((parameter) => [parameter.name, paramSchema(parameter)])),
    ...body.properties,
  }
  return {
    properties: portableSchema({ type: 'object', properties }).properties,
    required: [
      ...params.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      ...(body.required ?? []),
    ].sort(),
  }
}

/** The MCP and API answers of one user, with the same token. */
async function agencyAgent(email: string, cleanup: (fn: () => Promise<void>) => void) {
  const user = await createAgencyAccount(email)
  const token = await createApiToken(user)
  const { client } = await connectAgent(token, cleanup)
  return { user, token, client }
}

test.group('MCP: the tool list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every tool, described for a model, with its input schema from its validator', async ({
    assert,
    cleanup,
  }) => {
    const { client } = await agencyAgent('mcp.list@example.com', cleanup)

    const { tools } = await client.listTools()

    assert.sameMembers(
      tools.map((tool) => tool.name),
      TOOLS
    )
    for (const tool of tools) {
      assert.isAbove(tool.description!.length, 80, tool.name)
      assert.match(tool.description!, /credit/i, `${tool.name} says what it costs`)
      assert.equal(tool.inputSchema.type, 'object')
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} says what it answers`)
      assert.isString(tool.title)
    }
    const create = tools.find((tool) => tool.name === 'create_project')!
    assert.deepEqual(create.inputSchema, portableSchema(jsonSchemaOf(createProjectValidator)))
    const listVideos = tools.find((tool) => tool.name === 'list_videos')!
    assert.isTrue(listVideos.annotations?.readOnlyHint)
    const deleteScene = tools.find((tool) => tool.name === 'delete_scene')!
    assert.isTrue(deleteScene.annotations?.destructiveHint)
  })

  test('the tool list and /api/openapi.json stay in step: each tool is an operation’s face', async ({
    assert,
    client: http,
    cleanup,
  }) => {
    const { client } = await agencyAgent('mcp.openapi@example.com', cleanup)
    const response = await http.get('/api/openapi.json')
    const document = response.body() as { paths: Record<string, Record<string, Operation>> }
    const operations = new Map(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .map((operation) => [operation.operationId, operation])
    )
    const registered = await mcpTools.all()

    const { tools } = await client.listTools()

    for (const tool of tools) {
      const operationId = tool._meta?.[OPERATION_META] as string
      const operation = operations.get(operationId)
      assert.exists(operation, `${tool.name} names ${operationId}, an operation of the API`)
      const { options } = registered.get(tool.name)!.tool
      const ownOptions = Object.keys(options ? (jsonSchemaOf(options).properties ?? {}) : {})
      const properties = { ...tool.inputSchema.properties }
      for (const name of ownOptions) delete properties[name]
      assert.deepEqual(
        { properties, required: [...(tool.inputSchema.required ?? [])].sort() },
        operationInput(operation!),
        `${tool.name}'s arguments are ${operationId}'s input`
      )
    }
    assert.deepEqual(
      [...registered.values()].flatMap(({ tool }) => (tool.options ? [tool.name] : [])),
      ['generate_video'],
      'only generate_video takes an argument the API does not (wait)'
    )
  })
})

test.group('MCP: refusals are tool errors with the API’s messages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('validation: the first message, then every field’s', async ({ assert, cleanup }) => {
    const { client, token } = await agencyAgent('mcp.invalid@example.com', cleanup)
    const body = projectBody({ script: '   ', style: 'sepia', aspect_ratio: '4:3' })

    const result = await client.callTool({ name: 'create_project', arguments: body })
    const api = await callApi('POST', '/api/projects', { token, body })

    assert.isTrue(result.isError)
    assert.equal(api.status, 422)
    const [first, ...fields] = textOf(result).split('\n')
    assert.equal(first, api.body.message)
    assert.sameMembers(
      fields,
      api.body.errors.map((error: { field: string; message: string }) => {
        return `- ${error.field}: ${error.message}`
      })
    )
    assert.isUndefined(result.structuredContent)
  })

  test('{name}: the same message as the API', async ({ assert, cleanup }) => {
    const { client, token, user } = await agencyAgent('mcp.refusals@example.com', cleanup)
    const project = await createProject(user, 2)
    const busy = await createProject(user, 1)
    await db.from('projects').where('id', busy.id).update({ status: 'rendering' })
    const [scene] = await Scene.query().where('project_id', project.id)
    const [busyScene] = await Scene.query().where('project_id', busy.id)
    const cases = [
      {
        name: 'an unknown voice',
        tool: ['create_project', projectBody({ voice: { id: 'nobody', provider: 'espeak' } })],
        api: [
          'POST',
          '/api/projects',
          projectBody({ voice: { id: 'nobody', provider: 'espeak' } }),
        ],
      },
      {
        name: 'an edit while the project renders',
        tool: ['edit_scene', { id: busyScene.id, prompt: 'Gulls over the harbour' }],
        api: ['PATCH', `/api/scenes/${busyScene.id}`, { prompt: 'Gulls over the harbour' }],
      },
      {
        name: 'a scene past the end',
        tool: ['add_scene', { projectId: project.id, prompt: 'A gull', order: 9 }],
        api: ['POST', '/api/scenes', { projectId: project.id, prompt: 'A gull', order: 9 }],
      },
      {
        name: 'a cancel with nothing rendering',
        tool: ['cancel_video', { id: project.id }],
        api: ['DELETE', `/api/projects/${project.id}/cancel`],
      },
      {
        name: 'a missing project',
        tool: ['get_project', { id: 2_147_483_647 }],
        api: ['GET', '/api/projects/2147483647'],
      },
      {
        name: 'text that cannot be stored',
        tool: ['edit_scene', { id: scene.id, prompt: 'caf\u0000e' }],
        api: ['PATCH', `/api/scenes/${scene.id}`, { prompt: 'caf\u0000e' }],
      },
    ] as const

    for (const { name, tool, api } of cases) {
      const result = await client.callTool({ name: tool[0], arguments: tool[1] })
      const answer = await callApi(api[0], api[1], { token, body: api[2] })

      assert.isAbove(answer.status, 399, name)
      assert.isBelow(answer.status, 500, name)
      assert.isTrue(result.isError, name)
      assert.equal(textOf(result), answer.body.message, name)
    }
    const [after] = await Scene.query().where('id', busyScene.id)
    assert.equal(after.prompt, busyScene.prompt, 'the refused edit changed nothing')
  })

  test('short of credits: the API’s message, what the video costs and the balance', async ({
    assert,
    cleanup,
  }) => {
    const { client, token, user } = await agencyAgent('mcp.short@example.com', cleanup)
    const project = await createProject(user, 3)

    const result = await client.callTool({ name: 'generate_video', arguments: { id: project.id } })
    const api = await callApi('POST', `/api/projects/${project.id}/generate-all`, { token })

    assert.equal(api.status, 402)
    assert.isTrue(result.isError)
    assert.isTrue(textOf(result).startsWith(`${api.body.message}: `), textOf(result))
    assert.include(textOf(result), 'this video costs 15 credits and the balance is 10')
    assert.include(textOf(result), '/billing')
    await project.refresh()
    assert.equal(project.status, 'draft')
    await user.refresh()
    assert.equal(await balanceOf(user), 10)
  })

  test('a tool counts against its route’s paid-call limit, the same one as the API', async ({
    assert,
    cleanup,
  }) => {
    const { client, token } = await agencyAgent('mcp.scripts@example.com', cleanup)
    const args = { prompt: 'Lisbon trams at dawn', targetLength: 15 }

    for (let call = 0; call < paidCallLimits.script.requests; call++) {
      const result = await client.callTool({ name: 'write_script', arguments: args })
      assert.isUndefined(result.isError, textOf(result))
      assert.isString(dataOf(result).script)
    }
    const limited = await client.callTool({ name: 'write_script', arguments: args })
    const api = await callApi('POST', '/api/generate-script', { token, body: args })

    assert.isTrue(limited.isError)
    assert.match(textOf(limited), new RegExp(`^${TOO_MANY_REQUESTS_MESSAGE} \\(\\d+ s\\)$`))
    assert.equal(api.status, 429, 'the API shares the count')
  })

  test('an unknown tool is a protocol error; a bad argument type is the tool’s', async ({
    assert,
    cleanup,
  }) => {
    const { client } = await agencyAgent('mcp.unknown@example.com', cleanup)

    const unknown = await client
      .callTool({ name: 'delete_everything', arguments: {} })
      .catch((error: unknown) => error)
    const wrongType = await client.callTool({ name: 'get_project', arguments: { id: '1' } })

    assert.instanceOf(unknown, McpError)
    assert.equal((unknown as McpError).code, ErrorCode.InvalidParams)
    assert.isTrue(wrongType.isError)
    assert.match(textOf(wrongType), /id/)
  })
})

test.group('MCP: another user’s ids', (group) => {
  let world: SecurityWorld
  group.setup(async () => {
    const created = await securityWorld()
    world = created.world
    return created.remove
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every tool that takes an id says not found, as the API does, and changes nothing', async ({
    assert,
    cleanup,
  }) => {
    const attacker = world.attacker.user
    await setAccount(attacker, { plan: 'agency' })
    const token = await createApiToken(attacker)
    const { client } = await connectAgent(token, cleanup)
    const routes = registeredRoutes().filter((route) => route.pattern.startsWith('/api/'))
    const { tools } = await client.listTools()
    const takingIds = tools.filter((tool) =>
      ['id', 'projectId'].some((name) => name in (tool.inputSchema.properties ?? {}))
    )
    assert.sameMembers(
      takingIds.map((tool) => tool.name),
      [
        'get_project',
        'edit_scene',
        'delete_scene',
        'add_scene',
        'generate_video',
        'get_video_status',
        'cancel_video',
        'get_video',
        'edit_video_post',
        'update_webhook_endpoint',
        'delete_webhook_endpoint',
        'resend_webhook_delivery',
        'pause_series',
        'resume_series',
      ]
    )

    for (const tool of takingIds) {
      const route = routes.find((one) => one.name === tool._meta?.[OPERATION_META])!
      const key = `${route.method} ${route.pattern}`
      const { url, body } = requestFor({ ...route, key }, world.victim)
      const { params = {} } = ROUTE_FIXTURES[key].request(world.victim)
      const args = {
        ...Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Number(value)])),
        ...body,
      }
      const before = await rowsOf(world.victim.user.id)

      const result = await client.callTool({ name: tool.name, arguments: args })
      const api = await callApi(route.method, url, { token, body })

      assert.equal(api.status, 404, key)
      assert.isTrue(result.isError, tool.name)
      assert.equal(textOf(result), api.body.message, tool.name)
      assert.deepEqual(leaks(textOf(result), world.markers), [], tool.name)
      assert.deepEqual(await rowsOf(world.victim.user.id), before, tool.name)
    }
  })
})

test.group('MCP: webhook endpoints', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an agent adds, lists, changes and deletes an endpoint, as the API answers it', async ({
    assert,
    cleanup,
  }) => {
    const { client, token } = await agencyAgent('mcp.hooks@example.com', cleanup)

    const created = await client.callTool({
      name: 'create_webhook_endpoint',
      arguments: { url: 'https://hooks.example.com/reelforge', events: ['video.completed'] },
    })
    const { endpoint, secret } = dataOf<{ endpoint: { id: number }; secret: string }>(created)
    assert.isUndefined(created.isError)
    assert.match(secret, /^whsec_/)
    assert.include(textOf(created), WEBHOOK_MESSAGES.created)

    const changed = await client.callTool({
      name: 'update_webhook_endpoint',
      arguments: { id: endpoint.id, events: ['video.completed', 'credits.low'] },
    })
    assert.deepEqual(dataOf(changed).events, ['video.completed', 'credits.low'])
    assert.equal(dataOf(changed).url, 'https://hooks.example.com/reelforge', 'the url stays')

    const listed = await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })
    const api = await callApi('GET', '/api/webhook-endpoints', { token })
    assert.deepEqual(dataOf(listed).endpoints, api.body)
    assert.notInclude(JSON.stringify(dataOf(listed)), secret, 'the secret is shown once')

    const deleted = await client.callTool({
      name: 'delete_webhook_endpoint',
      arguments: { id: endpoint.id },
    })
    assert.equal(dataOf(deleted).message, WEBHOOK_MESSAGES.deleted)
    const after = await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })
    assert.deepEqual(dataOf(after).endpoints, [])
    assert.match(textOf(after), /^No webhook endpoints yet./)
  })

  test('a private address and the endpoint cap: the API’s messages, nothing saved', async ({
    assert,
    cleanup,
  }) => {
    const { client, token } = await agencyAgent('mcp.hooks.refused@example.com', cleanup)
    const body = { url: 'http://169.254.169.254/latest/meta-data', events: ['video.failed'] }

    const result = await client.callTool({ name: 'create_webhook_endpoint', arguments: body })
    const api = await callApi('POST', '/api/webhook-endpoints', { token, body })

    assert.isTrue(result.isError)
    assert.equal(api.status, 422)
    assert.equal(textOf(result), api.body.errors[0].message)
    for (let made = 0; made < MAX_WEBHOOK_ENDPOINTS; made++) {
      const url = `https://hooks.example.com/${made}`
      const added = await client.callTool({
        name: 'create_webhook_endpoint',
        arguments: { url, events: ['video.failed'] },
      })
      assert.isUndefined(added.isError, url)
    }
    const tooMany = await client.callTool({
      name: 'create_webhook_endpoint',
      arguments: { url: 'https://hooks.example.com/one-more', events: ['video.failed'] },
    })
    assert.isTrue(tooMany.isError)
    assert.equal(textOf(tooMany), WEBHOOK_MESSAGES.tooMany)
    const listed = await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })
    assert.lengthOf(dataOf(listed).endpoints, MAX_WEBHOOK_ENDPOINTS)
  })
})
