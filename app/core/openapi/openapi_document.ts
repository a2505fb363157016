import router from '@adonisjs/core/services/router'
import type { RouteJSON } from '@adonisjs/core/types/http'
import { databaseIdParam, MAX_DATABASE_ID } from '#core/database_id'
import { apiValidators } from '#generated/api_validators'
import { isPublicApiRoute } from '#core/openapi/public_api'
import { type JsonSchema, jsonSchemaOf } from '#core/openapi/json_schema'

type Operation = Record<string, unknown>

/** Route param kinds in a route's tokens (@adonisjs/http-server). */
const PARAM = 1
const WILDCARD = 2
const OPTIONAL_PARAM = 3

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }

/**
 * Routes whose body is a file's bytes rather than JSON (so no validator
 * describes it), each sent to a signed URL whose query string is the permission.
 */
const RAW_UPLOADS: Record<string, { description: string }> = {
  'media.picture_uploads.update': {
    description:
      'The picture file itself (at most 20 MB), PUT to the `uploadURL` that ' +
      '`POST /api/pictures/uploads` answered; with DRIVE_DISK=s3 that URL is the bucket’s instead.',
  },
}

function paramSchema(route: RouteJSON, name: string): JsonSchema {
  const matcher = route.matchers[name]
  if (matcher?.match === databaseIdParam.match) {
    return { type: 'integer', minimum: 1, maximum: MAX_DATABASE_ID }
  }
  return matcher?.match ? { type: 'string', pattern: matcher.match.source } : { type: 'string' }
}

/** `/api/projects/:id` as OpenAPI writes it, `/api/projects/{id}`, with its params. */
function pathOf(route: RouteJSON) {
  const segments: string[] = []
  const parameters: JsonSchema[] = []
  for (const token of route.tokens) {
    if (token.type === PARAM || token.type === OPTIONAL_PARAM || token.type === WILDCARD) {
      const name = token.type === WILDCARD ? 'path' : token.val
      segments.push(`{${name}}`)
      parameters.push({ name, in: 'path', required: true, schema: paramSchema(route, name) })
    } else {
      segments.push(token.val)
    }
  }
  return { path: `/${segments.join('/')}`, parameters }
}

/** A GET's validator reads the query string: each of its fields becomes a query parameter. */
function queryParameters(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }))
}

async function operationOf(route: RouteJSON, method: string): Promise<Operation> {
  const name = route.name ?? `${method} ${route.pattern}`
  const { parameters } = pathOf(route)
  const validators = (await apiValidators[name]?.()) ?? []
  const schemas = validators.map(jsonSchemaOf)
  const operation: Operation = {
    operationId: name,
    tags: [name.split('.')[0]],
    summary: name.split('.').slice(1).join(' ').replaceAll('_', ' '),
    parameters: [...parameters],
    responses: {
      200: {
        description: 'Success',
        content: { 'application/json': { schema: {} } },
      },
      401: ERROR_RESPONSE,
      403: ERROR_RESPONSE,
      404: ERROR_RESPONSE,
      429: ERROR_RESPONSE,
    },
  }
  const raw = RAW_UPLOADS[name]
  if (raw) {
    operation.requestBody = {
      required: true,
      description: raw.description,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    }
    ;(operation.parameters as JsonSchema[]).push(
      {
        name: 'expires',
        in: 'query',
        required: true,
        schema: { type: 'string', pattern: '^\\d{1,12}$' },
      },
      { name: 'signature', in: 'query', required: true, schema: { type: 'string' } }
    )
    ;(operation.responses as Record<string, unknown>)[413] = ERROR_RESPONSE
  }
  if (schemas.length > 0) {
    const schema = schemas.length === 1 ? schemas[0] : { allOf: schemas }
    if (method === 'GET') {
      ;(operation.parameters as JsonSchema[]).push(...schemas.flatMap(queryParameters))
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema } } }
    }
    ;(operation.responses as Record<string, unknown>)[422] = ERROR_RESPONSE
  }
  return operation
}

/**
 * The OpenAPI 3.1 document of the public /api routes, built from the router's
 * table and the validators each controller uses (indexed at codegen), so a
 * new route or a changed validator shows up without anyone editing it.
 */
export async function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, Operation>> = {}
  const routes = Object.values(router.toJSON()).flat().filter(isPublicApiRoute)
  for (const route of routes) {
    const { path } = pathOf(route)
    for (const method of route.methods.filter((one) => one !== 'HEAD')) {
      paths[path] ??= {}
      paths[path][method.toLowerCase()] = await operationOf(route, method)
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reelforge API',
      version: '1.0.0',
      description:
        'Turn a script into a short AI video. Every call needs `Authorization: Bearer <token>`: ' +
        'create a token on /profile (Agency plan). Credits, ownership and limits are those of ' +
        'the token’s owner; each token may make 60 requests a minute.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token (`rf_…`) created on /profile.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' } },
          required: ['message'],
        },
      },
      responses: {
        Error: {
          description: 'Refused: the message says why',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  }
}
