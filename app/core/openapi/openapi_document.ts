import { STATUS_CODES } from 'node:http'
import router from '@adonisjs/core/services/router'
import type { RouteJSON } from '@adonisjs/core/types/http'
import bodyParserConfig from '#config/bodyparser'
import { databaseIdParam, MAX_DATABASE_ID } from '#core/database_id'
import { apiResponses } from '#generated/api_responses'
import { apiValidators } from '#generated/api_validators'
import { isPublicApiRoute } from '#core/openapi/public_api'
import { type ApiOperation, apiOperations } from '#core/openapi/api_operations'
import { type JsonSchema, type RouteAnswer, jsonSchemaOf } from '#core/openapi/json_schema'

type Responses = Record<string, JsonSchema>

type Operation = {
  operationId: string
  tags: string[]
  summary: string
  description?: string
  parameters: JsonSchema[]
  requestBody?: JsonSchema
  responses: Responses
}

/** Route param kinds in a route's tokens (@adonisjs/http-server). */
const PARAM = 1
const WILDCARD = 2
const OPTIONAL_PARAM = 3

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }
const TOO_MANY_REQUESTS = { $ref: '#/components/responses/TooManyRequests' }
const UNAVAILABLE = { $ref: '#/components/responses/Unavailable' }

/** The fields of the shared Error schema: a refusal with only these is that schema. */
const ERROR_FIELDS = new Set(['message', 'errors'])

/**
 * What a public route may answer around its controller, written by the
 * router's middleware and the exception handler rather than by the
 * controller, so no controller's type says it: each applies to the routes
 * that have that middleware or take that input.
 */
function kernelRefusals(route: RouteJSON, method: string, schemas: JsonSchema[]): Responses {
  const middleware = [...route.middleware.all()].map((entry) => (entry as { name?: string }).name)
  const refusals: Responses = {
    // Text no column can store (a NUL byte), in the query or the body: every route.
    422: ERROR_RESPONSE,
    // The database connection dropped under the request: try again.
    503: UNAVAILABLE,
  }
  if (middleware.includes('auth')) {
    // No session or token; a token whose owner's plan has no API access; the token's limit.
    Object.assign(refusals, { 401: ERROR_RESPONSE, 403: ERROR_RESPONSE, 429: TOO_MANY_REQUESTS })
  }
  if (middleware.includes('paidCallLimit')) refusals[429] = TOO_MANY_REQUESTS
  if (bodyParserConfig.allowedMethods.includes(method)) {
    // A body that is not JSON or not compressed as its Content-Encoding says, one too
    // large, files where none are taken; a session's
    // write without its CSRF token.
    Object.assign(refusals, {
      400: ERROR_RESPONSE,
      403: ERROR_RESPONSE,
      413: ERROR_RESPONSE,
      415: ERROR_RESPONSE,
    })
  }
  if (namesARow(route, schemas)) refusals[404] = ERROR_RESPONSE
  return refusals
}

/**
 * A route that names a row answers 404 when the row is not the caller's:
 * by a path param, or by an id of its input (`databaseId()`), required or
 * optional (a project's `brand_id`).
 */
function namesARow(route: RouteJSON, schemas: JsonSchema[]) {
  if (route.tokens.some((token) => token.type !== 0)) return true
  return schemas.some((schema) => {
    const properties = Object.values((schema.properties ?? {}) as Record<string, JsonSchema>)
    return properties.some((property) =>
      [property, ...((property.anyOf ?? []) as JsonSchema[])].some(
        (variant) => variant.maximum === MAX_DATABASE_ID
      )
    )
  })
}

/**
 * Answers that are bytes rather than JSON, by route: their media types.
 * ElevenLabs' previews are MP3, the local voices' WAV.
 */
const BINARY_ANSWERS: Record<string, string[]> = {
  'media.voices.preview': ['audio/mpeg', 'audio/wav'],
  'studio.videos.captions': ['application/x-subrip', 'text/vtt'],
}

/** A success: its JSON body's schema (from the controller's types), its bytes, or nothing. */
function successResponse(name: string, status: string, answer: RouteAnswer) {
  const description = STATUS_CODES[status] ?? 'Success'
  if (answer.binary) {
    const types = BINARY_ANSWERS[name] ?? ['application/octet-stream']
    const content = Object.fromEntries(
      types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])
    )
    return { description, content }
  }
  if (!answer.schema) return { description }
  return { description, content: { 'application/json': { schema: answer.schema } } }
}

/**
 * A refusal the controller writes: the shared Error, or the Error with the
 * fields this one adds (402's `missing`).
 */
function refusalResponse(status: string, answer: RouteAnswer) {
  const variants = (answer.schema?.anyOf ?? [answer.schema ?? {}]) as JsonSchema[]
  const extras: Record<string, JsonSchema> = {}
  const required = new Set<string>()
  for (const variant of variants) {
    const properties = (variant.properties ?? {}) as Record<string, JsonSchema>
    for (const [field, schema] of Object.entries(properties)) {
      if (!ERROR_FIELDS.has(field)) extras[field] = schema
    }
    for (const field of (variant.required ?? []) as string[]) {
      if (!ERROR_FIELDS.has(field)) required.add(field)
    }
  }
  if (Object.keys(extras).length === 0) return ERROR_RESPONSE
  return {
    description: `${STATUS_CODES[status]}: the message says why`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            { type: 'object', properties: extras, required: [...required] },
          ],
        },
      },
    },
  }
}

/** Every status the route answers: its controller's (by their types), then the kernel's. */
function responsesOf(name: string, route: RouteJSON, method: string, schemas: JsonSchema[]) {
  const responses: Responses = {}
  for (const [status, answer] of Object.entries(apiResponses[name] ?? {})) {
    responses[status] =
      Number(status) < 400 ? successResponse(name, status, answer) : refusalResponse(status, answer)
  }
  for (const [status, response] of Object.entries(kernelRefusals(route, method, schemas))) {
    responses[status] ??= response
  }
  return responses
}

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
function pathOf(route: RouteJSON, described?: ApiOperation) {
  const segments: string[] = []
  const parameters: JsonSchema[] = []
  for (const token of route.tokens) {
    if (token.type === PARAM || token.type === OPTIONAL_PARAM || token.type === WILDCARD) {
      const name = token.type === WILDCARD ? 'path' : token.val
      segments.push(`{${name}}`)
      const description = described?.params?.[name]
      parameters.push({
        name,
        in: 'path',
        required: true,
        ...(description ? { description } : {}),
        schema: paramSchema(route, name),
      })
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
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }))
}

async function operationOf(
  route: RouteJSON,
  method: string,
  described: ApiOperation | undefined
): Promise<Operation> {
  const name = route.name ?? `${method} ${route.pattern}`
  const { parameters } = pathOf(route, described)
  const validators = (await apiValidators[name]?.()) ?? []
  const schemas = validators.map(jsonSchemaOf)
  const operation: Operation = {
    operationId: name,
    tags: [name.split('.')[0]],
    // An undescribed route still shows up, named by its route (a test asks for every description).
    summary: described?.summary ?? name.split('.').slice(1).join(' ').replaceAll('_', ' '),
    ...(described ? { description: described.description } : {}),
    parameters: [...parameters],
    responses: responsesOf(name, route, method, schemas),
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
    operation.parameters.push(
      {
        name: 'expires',
        in: 'query',
        required: true,
        description: 'When the upload URL expires, as the `uploadURL` has it: keep it unchanged.',
        schema: { type: 'string', pattern: '^\\d{1,12}$' },
      },
      {
        name: 'signature',
        in: 'query',
        required: true,
        description: 'The upload URL’s signature, as the `uploadURL` has it: keep it unchanged.',
        schema: { type: 'string' },
      }
    )
  }
  if (schemas.length > 0) {
    const schema = schemas.length === 1 ? schemas[0] : { allOf: schemas }
    if (method === 'GET') {
      operation.parameters.push(...schemas.flatMap(queryParameters))
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema } } }
    }
  }
  return operation
}

/**
 * The OpenAPI 3.1 document of the public /api routes, built from the router's
 * table, the validators each controller uses and what each controller answers
 * (both indexed at codegen), so a new route, a changed validator or a changed
 * transformer shows up without anyone editing it.
 */
export async function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, Operation>> = {}
  const routes = Object.values(router.toJSON()).flat().filter(isPublicApiRoute)
  const operations = await apiOperations.all()
  for (const route of routes) {
    const { path } = pathOf(route)
    const described = route.name ? operations.get(route.name) : undefined
    for (const method of route.methods.filter((one) => one !== 'HEAD')) {
      paths[path] ??= {}
      paths[path][method.toLowerCase()] = await operationOf(route, method, described)
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
          properties: {
            message: { type: 'string' },
            errors: {
              description: 'Invalid input: each field’s message (422)',
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  field: { type: 'string' },
                  message: { type: 'string' },
                  rule: { type: 'string' },
                },
                required: ['field', 'message', 'rule'],
              },
            },
          },
          required: ['message'],
        },
      },
      responses: {
        Error: {
          description: 'Refused: the message says why',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        TooManyRequests: {
          description: 'Too many requests: wait the seconds `Retry-After` says',
          headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        Unavailable: {
          description: 'Briefly unavailable: try again after `Retry-After` seconds',
          headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  }
}
