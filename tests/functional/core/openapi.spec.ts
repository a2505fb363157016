import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { parseBindingReference } from '@adonisjs/core/container'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import { MAX_DATABASE_ID } from '#core/database_id'
import { isPublicApiRoute } from '#core/openapi/public_api'
import { apiOperations } from '#core/openapi/api_operations'
import { apiResponseProblems, apiResponses } from '#generated/api_responses'
import { createProjectValidator } from '#studio/validators/project'
import {
  pictureImportValidator,
  pictureUploadValidator,
  pictureValidator,
} from '#media/validators/picture'
import { createAccount } from '#tests/helpers/auth'
import { answerValidators, isTestRoute } from '#tests/helpers/observed_answers'
import { createProject, generateAll, projectBody } from '#tests/helpers/studio'

type Response = {
  $ref?: string
  description?: string
  content?: Record<string, { schema: Record<string, any> }>
}
type Operation = {
  operationId: string
  summary: string
  description?: string
  parameters: {
    name: string
    in: string
    required: boolean
    description?: string
    schema: Record<string, unknown>
  }[]
  requestBody?: { content: Record<string, { schema: Record<string, any> }> }
  responses: Record<string, Response>
}
type OpenApi = {
  openapi: string
  info: { title: string; version: string }
  security: Record<string, string[]>[]
  paths: Record<string, Record<string, Operation>>
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>
    responses: Record<string, any>
  }
}

const ERROR = { $ref: '#/components/responses/Error' }

/** Routes that are not the public API, by design: the admin area, sign-in, webhooks, this document. */
const NOT_PUBLIC = [/^\/api\/admin\//, /^\/api\/music\//, /^\/api\/auth\//, /webhooks/]
const NOT_PUBLIC_EXACT = new Set(['/api/verify-captcha', '/api/openapi.json'])

function registeredApiRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.pattern.startsWith('/api/'))
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method: method.toLowerCase(),
          path: route.pattern.replaceAll(/:(\w+)/g, '{$1}'),
          pattern: route.pattern,
        }))
    )
}

test.group('OpenAPI document', () => {
  test('GET /api/openapi.json is an OpenAPI 3.1 document with bearer security', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')

    response.assertStatus(200)
    const document = response.body() as OpenApi
    assert.equal(document.openapi, '3.1.0')
    assert.equal(document.info.title, 'Reelforge API')
    assert.isString(document.info.version)
    assert.deepEqual(document.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: 'A personal access token (`rf_…`) created on /profile.',
    })
    assert.deepEqual(document.security, [{ bearerAuth: [] }])

    const operationIds = new Set<string>()
    for (const [path, operations] of Object.entries(document.paths)) {
      assert.match(path, /^\/api\/[^:]*$/, 'paths use {param}, never :param')
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      for (const [method, operation] of Object.entries(operations)) {
        assert.oneOf(method, ['get', 'post', 'put', 'patch', 'delete'])
        assert.notInclude([...operationIds], operation.operationId, 'operationIds are unique')
        operationIds.add(operation.operationId)
        const statuses = Object.keys(operation.responses).map(Number)
        assert.isTrue(
          isTestRoute(operation.operationId) || statuses.some((status) => status < 300),
          `${operation.operationId} says how it succeeds`
        )
        assert.property(operation.responses, '401')
        for (const answer of Object.values(operation.responses)) {
          if (answer.$ref) {
            assert.property(document.components.responses, answer.$ref.split('/').pop()!)
          } else {
            assert.isString(answer.description)
          }
        }
        const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path')
        assert.sameMembers(
          pathParams.map((parameter) => parameter.name),
          params
        )
        assert.isTrue(pathParams.every((parameter) => parameter.required))
      }
    }
  })

  test('it covers every public /api route, and none of the admin area, sign-in or webhooks', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    const document = response.body() as OpenApi
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`)
    )

    const routes = registeredApiRoutes()
    const isPublic = (route: { pattern: string }) =>
      !NOT_PUBLIC_EXACT.has(route.pattern) && !NOT_PUBLIC.some((rule) => rule.test(route.pattern))
    const expected = routes.filter(isPublic).map((route) => `${route.method} ${route.path}`)

    assert.isAbove(expected.length, 20)
    assert.sameMembers(documented, expected)
    assert.include(documented, 'post /api/projects/{id}/generate-all')
    assert.notInclude(documented, 'get /api/admin/stats')
  })

  test('ids are integers 1..2147483647 and bodies come from the validators', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    const document = response.body() as OpenApi

    const [id] = document.paths['/api/projects/{id}'].get.parameters
    assert.deepEqual(id.schema, { type: 'integer', minimum: 1, maximum: MAX_DATABASE_ID })

    const body = document.paths['/api/projects'].post.requestBody!.content['application/json']
    const fromValidator: Record<string, unknown> = { ...createProjectValidator.toJSONSchema() }
    delete fromValidator.$schema
    assert.deepEqual(body.schema, fromValidator)
    assert.includeMembers(Object.keys(body.schema.properties), ['script', 'aspect_ratio'])
  })

  test("Image to Video's picture routes, their bodies from their validators, the upload's raw bytes", async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    const { paths } = response.body() as OpenApi
    const schemaOf = (validator: { toJSONSchema(): object }) => {
      const schema: Record<string, unknown> = { ...validator.toJSONSchema() }
      delete schema.$schema
      return schema
    }
    const bodyOf = (operation: Operation, type = 'application/json') =>
      operation.requestBody!.content[type].schema

    assert.deepEqual(bodyOf(paths['/api/pictures/uploads'].post), schemaOf(pictureUploadValidator))
    assert.deepEqual(bodyOf(paths['/api/pictures'].post), schemaOf(pictureValidator))
    assert.deepEqual(bodyOf(paths['/api/pictures/import'].post), schemaOf(pictureImportValidator))
    assert.includeMembers(Object.keys(bodyOf(paths['/api/pictures'].post).properties), ['upload'])
    assert.includeMembers(Object.keys(bodyOf(paths['/api/pictures/import'].post).properties), [
      'url',
    ])

    const put = paths['/api/pictures/uploads/{upload}'].put
    assert.deepEqual(bodyOf(put, 'application/octet-stream'), {
      type: 'string',
      contentMediaType: 'application/octet-stream',
    })
    assert.sameMembers(
      put.parameters.map((parameter) => `${parameter.in} ${parameter.name}`),
      ['path upload', 'query expires', 'query signature']
    )
    assert.deepEqual(put.responses['413'], ERROR)
    assert.deepEqual(put.responses['415'], ERROR)
    assert.property(paths['/api/pictures'].post.responses, '201')
    assert.property(paths['/api/pictures/{id}'].delete.responses, '204')
    assert.notProperty(paths['/api/pictures/{id}'].delete.responses['204'], 'content')
    const [id] = paths['/api/pictures/{id}'].get.parameters
    assert.deepEqual(id.schema, { type: 'integer', minimum: 1, maximum: MAX_DATABASE_ID })
    assert.property(paths['/api/pictures/{id}'], 'delete')
  })

  test('every success has the schema of what the controller answers; every refusal the Error', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    const { paths } = response.body() as OpenApi

    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          const name = `${method} ${path} ${status}`
          const json = answer.content?.['application/json']?.schema
          if (Number(status) >= 400) {
            if (!answer.$ref)
              assert.deepEqual(json!.allOf[0], { $ref: '#/components/schemas/Error' }, name)
            continue
          }
          if (json) {
            assert.isAbove(Object.keys(json).length, 0, `${name} has a schema`)
          }
        }
      }
    }
    const generate = paths['/api/projects/{id}/generate-all'].post.responses
    assert.includeMembers(Object.keys(generate), ['200', '202', '402', '404', '422'])
    assert.deepEqual(
      generate['402'].content!['application/json'].schema.allOf[1].properties.missing,
      { type: 'number' }
    )
    assert.includeMembers(Object.keys(paths['/api/projects'].post.responses), ['201', '422', '429'])
    assert.notProperty(paths['/api/projects'].post.responses, '200')
    assert.includeMembers(Object.keys(paths['/api/scenes/{id}'].patch.responses), ['200', '409'])
    assert.includeMembers(Object.keys(paths['/api/pictures/{id}'].delete.responses), ['204', '409'])
    assert.includeMembers(Object.keys(paths['/api/checkout/session'].post.responses), [
      '409',
      '502',
    ])
    assert.property(paths['/api/projects/{id}/scenes'].get.responses, '304')
    assert.notProperty(paths['/api/me'].get.responses, '404')
    assert.property(paths['/api/voice-preview'].post.responses['200'].content, 'audio/mpeg')
    const project = paths['/api/projects/{id}'].get.responses['200'].content!['application/json']
    assert.includeMembers(project.schema.required, ['id', 'status', 'scenes', 'creditsNeeded'])
    assert.deepEqual(project.schema.properties.scenes.type, 'array')
  })

  test('every operation says what it does, and every parameter and body field what it is', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    const { paths } = response.body() as OpenApi
    const sentence = /^[A-Z`].{9,}[.)]$/s
    const undescribed: string[] = []
    const fieldsOf = (schema: Record<string, any>, at: string): void => {
      for (const [name, field] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
        if (!sentence.test(field.description ?? '')) undescribed.push(`${at}.${name}`)
        fieldsOf(field, `${at}.${name}`)
      }
    }

    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (isTestRoute(operation.operationId)) continue
        const at = `${method} ${path}`
        assert.match(operation.summary, /^[A-Z][^.]{5,60}$/, `${at}: a summary of a few words`)
        const routeName = operation.operationId.split('.').slice(1).join(' ').replaceAll('_', ' ')
        assert.notEqual(operation.summary.toLowerCase(), routeName, `${at}: not its route's name`)
        assert.match(operation.description ?? '', sentence, `${at}: a description`)
        for (const parameter of operation.parameters) {
          if (!sentence.test(parameter.description ?? '')) {
            undescribed.push(`${at} ${parameter.in} ${parameter.name}`)
          }
        }
        const body = operation.requestBody?.content['application/json']?.schema
        if (body) fieldsOf(body, `${at} body`)
      }
    }

    assert.deepEqual(undescribed, [])
    const generate = paths['/api/projects/{id}/generate-all'].post
    assert.equal(generate.summary, 'Generate the final video')
  })

  test('every described operation is a public route', async ({ assert }) => {
    const publicNames = Object.values(router.toJSON())
      .flat()
      .filter((route) => isPublicApiRoute(route) && !isTestRoute(route.name))
      .map((route) => route.name)

    const operations = await apiOperations.all()
    const described = [...operations.keys()]

    assert.sameMembers(described, publicNames)
  })

  test('the types say every answer of the public API', ({ assert }) => {
    const names = Object.values(router.toJSON())
      .flat()
      .filter(isPublicApiRoute)
      .map((route) => route.name)
    const problems = apiResponseProblems.filter((problem) => names.includes(problem.split(':')[0]))
    const untyped = names.filter((name) => !isTestRoute(name) && !apiResponses[name!])

    assert.isAbove(names.length, 20)
    assert.deepEqual(problems, [])
    assert.deepEqual(untyped, [], 'each is a controller method')
  })

  test("a public route's controller answers a status by its own method, whose type says it", async ({
    assert,
  }) => {
    const handlers = Object.values(router.toJSON())
      .flat()
      .filter(isPublicApiRoute)
      .flatMap((route) => ('reference' in route.handler ? [route.handler.reference] : []))
    const files = new Set<string>()
    for (const reference of handlers) {
      const { moduleNameOrPath } = await parseBindingReference(reference)
      files.add(moduleFile(moduleNameOrPath))
    }

    assert.isAbove(files.size, 5)
    for (const file of files) {
      // response.status(413).json(…) types as a 200: response.requestEntityTooLarge(…) says 413.
      assert.notMatch(await readFile(file, 'utf8'), /response\.status\(/, file)
    }
  })
})

test.group('OpenAPI: answers fit their schemas', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a project, its scenes, the video list, the balance, a new project and a 402', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('openapi.bodies@example.com')
    const project = await createProject(user, 3)
    const served = await client.get('/api/openapi.json')
    const { problemsOf } = answerValidators(served.body() as OpenApi)

    const reads = [
      ['/api/projects/{id}', `/api/projects/${project.id}`],
      ['/api/projects/{id}/scenes', `/api/projects/${project.id}/scenes`],
      ['/api/my-videos', '/api/my-videos'],
      ['/api/my-videos', '/api/my-videos?perPage=2&tab=drafts'],
      ['/api/video/status/{id}', `/api/video/status/${project.id}`],
      ['/api/user', '/api/user'],
      ['/api/me', '/api/me'],
      ['/api/styles', '/api/styles'],
    ]
    for (const [path, url] of reads) {
      const response = await client.get(url).loginAs(user)
      response.assertStatus(200)
      assert.isNull(problemsOf(path, 'get', 200, response.body()), url)
    }

    const created = await client
      .post('/api/projects')
      .json(projectBody())
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    assert.isNull(problemsOf('/api/projects', 'post', 201, created.body()))

    const refused = await generateAll(client, user, project.id)
    refused.assertStatus(402)
    assert.isNull(problemsOf('/api/projects/{id}/generate-all', 'post', 402, refused.body()))
    assert.isNotNull(
      problemsOf('/api/projects/{id}/generate-all', 'post', 402, { message: 'no count' }),
      'the 402 schema asks for what is missing'
    )
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    assert.isNotNull(
      problemsOf('/api/projects/{id}', 'get', 200, { ...shown.body(), scenes: 'none' }),
      'a project whose scenes are not a list does not fit'
    )
  })
})

/** `#studio/controllers/projects_controller` as the file it names. */
function moduleFile(specifier: string) {
  const [, module, rest] = specifier.match(/^#(\w+)\/(.+)$/)!
  return app.makePath('app', module, `${rest}.ts`)
}
