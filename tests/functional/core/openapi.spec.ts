import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { MAX_DATABASE_ID } from '#core/database_id'
import { createProjectValidator } from '#studio/validators/project'
import {
  pictureImportValidator,
  pictureUploadValidator,
  pictureValidator,
} from '#media/validators/picture'

type Operation = {
  operationId: string
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]
  requestBody?: { content: Record<string, { schema: Record<string, any> }> }
  responses: Record<string, unknown>
}
type OpenApi = {
  openapi: string
  info: { title: string; version: string }
  security: Record<string, string[]>[]
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme: string }> }
}

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
        assert.property(operation.responses, '200')
        assert.property(operation.responses, '401')
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
    assert.property(put.responses, '413')
    const [id] = paths['/api/pictures/{id}'].get.parameters
    assert.deepEqual(id.schema, { type: 'integer', minimum: 1, maximum: MAX_DATABASE_ID })
    assert.property(paths['/api/pictures/{id}'], 'delete')
  })
})
