import fc from 'fast-check'
import { glob } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type { RouteJSON } from '@adonisjs/core/types/http'
import type User from '#auth/models/user'
import { MAX_DATABASE_ID } from '#core/database_id'
import { AiProviders } from '#media/providers/ai_providers'
import Picture from '#media/models/picture'
import Scene from '#studio/models/scene'
import { createProject, createTrack } from '#tests/helpers/studio'

/**
 * Generators for the route fuzz suite (tests/functional/core/route_fuzz.spec.ts):
 * requests built from the route table and from the JSON Schemas of every Vine
 * validator under app/, so a new route or validator is fuzzed without anyone
 * listing it here.
 */

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
}

export type FuzzRoute = { name: string; method: string; pattern: string; params: string[] }

export type FuzzRequest = {
  method: string
  url: string
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw json'; text: string }
    | { kind: 'form'; value: Record<string, string> }
    | { kind: 'multipart'; fields: Record<string, string>; file: boolean }
  signedIn: boolean
  /** Signed in as the operator rather than the fuzz user. */
  asOperator: boolean
  csrf: boolean
  inertia: boolean
  accept: 'json' | 'html' | '*/*'
  /** A Content-Encoding header claimed for a body sent as it is, uncompressed. */
  contentEncoding?: string
}

/** What requests may point at: the fuzzing user's own rows, someone else's, and names the app offers. */
export type FuzzWorld = {
  ownIds: number[]
  othersIds: number[]
  words: string[]
}

/** A picture of `owner`'s, not shown by any scene yet: what an upload leaves. */
function pictureOf(owner: User) {
  return Picture.create({
    userId: owner.id,
    key: `pictures/${owner.id}/fuzz.jpg`,
    thumbnailKey: `pictures/${owner.id}/fuzz-thumb.jpg`,
    width: 8,
    height: 8,
    contentType: 'image/jpeg',
    byteSize: 100,
    attachedAt: null,
  })
}

/**
 * The rows a fuzz points at: a project of `user` with two scenes and one
 * of `other` with one, a picture of each, a music track, and the names the
 * app offers (voices, the user's email, the track's file).
 */
export async function fuzzWorldOf(user: User, other: User): Promise<FuzzWorld> {
  const own = await createProject(user, 2)
  const theirs = await createProject(other, 1)
  const track = await createTrack()
  const ownPicture = await pictureOf(user)
  const theirPicture = await pictureOf(other)
  const ownScenes = await Scene.query().where('project_id', own.id)
  const theirScenes = await Scene.query().where('project_id', theirs.id)
  const ai = await app.container.make(AiProviders)
  const providers = await ai.voiceCatalog.providers()
  return {
    ownIds: [own.id, track.id, ownPicture.id, ...ownScenes.map((scene) => scene.id)],
    othersIds: [theirs.id, theirPicture.id, ...theirScenes.map((scene) => scene.id)],
    words: [
      user.email,
      track.fileName,
      ...providers.flatMap((provider) => [
        provider.id,
        ...provider.voices.map((voice) => voice.id),
      ]),
    ],
  }
}

/** Every route and method the app registered, HEAD aside (GET covers it). */
export function registeredRoutes(): (FuzzRoute & { route: RouteJSON })[] {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          route,
          method,
          name: route.name ?? route.pattern,
          pattern: route.pattern,
          params: route.tokens.filter((token) => token.type !== 0).map((token) => token.val),
        }))
    )
}

/** The JSON Schema of every validator exported from app/<module>/validators/. */
export async function validatorSchemas(): Promise<JsonSchema[]> {
  const schemas: JsonSchema[] = []
  for await (const file of glob('app/*/validators/*.ts', { cwd: app.makePath() })) {
    const module: Record<string, unknown> = await import(pathToFileURL(app.makePath(file)).href)
    for (const exported of Object.values(module)) {
      if (exported && typeof (exported as { toJSONSchema?: unknown }).toJSONSchema === 'function') {
        schemas.push((exported as { toJSONSchema(): JsonSchema }).toJSONSchema())
      }
    }
  }
  return schemas
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'caf\u0000e',
  '\ud800',
  'x\udfffy',
  '😀',
  'A'.repeat(2001),
  'A'.repeat(10_001),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../.env',
  '%00',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '2147483648',
  'true',
  'null',
  '__proto__',
  'constructor',
]

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  1e20,
  1e308,
  -1e308,
  5e-324,
]

const ID_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '007',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'NaN',
  '%00',
  'null',
]

/** Values a careless or hostile client sends where something else was expected. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [1], { id: 1 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 20 })
)

function conforming(schema: JsonSchema, world: FuzzWorld, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((one) => conforming(one, world, depth)))
  const types = [schema.type ?? []].flat()
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 })
  return fc.oneof(...types.map((type) => ofType(type, schema, world, depth)))
}

function ofType(
  type: string,
  schema: JsonSchema,
  world: FuzzWorld,
  depth: number
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer': {
      const inRange = fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1000, MAX_DATABASE_ID),
      })
      // A field shaped like databaseId() mostly names rows that exist.
      return schema.maximum === MAX_DATABASE_ID
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...world.ownIds, ...world.othersIds) },
            { weight: 1, arbitrary: inRange }
          )
        : inRange
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'string': {
      const minLength = schema.minLength ?? 0
      const text = fc.string({
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)),
      })
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), text)
      if (schema.format === 'uri') return fc.oneof(fc.webUrl(), text)
      return fc.oneof(text, fc.constantFrom(...world.words))
    }
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, world, depth + 1), { maxLength: 4 })
    default:
      return depth > 3 ? fc.constant({}) : objectFor(schema, world, depth + 1)
  }
}

/** Mostly what the schema asks for, now and then something hostile in its place. */
function valueFor(schema: JsonSchema, world: FuzzWorld, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: conforming(schema, world, depth) },
    { weight: 1, arbitrary: hostileValue }
  )
}

/** An object the schema accepts as it stands: every field present and well-formed. */
function validObjectFor(schema: JsonSchema, world: FuzzWorld) {
  const properties = schema.properties ?? {}
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [key, conforming(child, world, 1)])
    )
  )
}

function objectFor(schema: JsonSchema, world: FuzzWorld, depth: number) {
  const properties = schema.properties ?? {}
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, valueFor(child, world, depth)])
  )
  return fc.oneof(
    fc.record(model, { requiredKeys: Object.keys(properties) }),
    fc.record(model, { requiredKeys: [] })
  )
}

/**
 * Bodies: the union of every validator's fields (each route reads the ones
 * it knows; Vine drops the rest), one validator's shape in full, or junk.
 */
export function bodyArbitrary(schemas: JsonSchema[], world: FuzzWorld) {
  const union: JsonSchema = {
    type: 'object',
    properties: Object.assign({}, ...schemas.map((schema) => schema.properties ?? {})),
  }
  const whole = schemas.map((schema) => objectFor(schema, world, 1))
  const valid = schemas.map((schema) => validObjectFor(schema, world))
  return fc.oneof(
    { weight: 6, arbitrary: objectFor(union, world, 1) },
    { weight: 3, arbitrary: fc.oneof(...whole) },
    { weight: 3, arbitrary: fc.oneof(...valid) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant({ prompt: 'x'.repeat(1024 * 1024) }) }
  )
}

/**
 * An MCP tool's arguments: an object shaped after its input schema, mostly
 * as it asks and now and then with something hostile in a field.
 */
export function argumentsArbitrary(schema: JsonSchema, world: FuzzWorld) {
  return fc.oneof(objectFor(schema, world, 1), validObjectFor(schema, world))
}

/** A stable seed per case, so adding a case does not reshuffle the others. */
export function seedFor(key: string, base: number) {
  let hash = base
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

/** Whether an answer shows a stack trace: file paths with line and column, or node_modules. */
export function hasStackTrace(text: string) {
  return text.includes('node_modules/') || /\n\s+at .+:\d+:\d+\)?\n/.test(text)
}

/** Path segments as sent: mostly encoded values, now and then a malformed escape. */
function paramArbitrary(world: FuzzWorld) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.ownIds.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom(...world.othersIds.map(String)) },
    { weight: 2, arbitrary: fc.constantFrom(...ID_PARAMS) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...world.words, ...HOSTILE_STRINGS.slice(0, 8)),
          fc.string({ minLength: 1, maxLength: 12 })
        )
        .map(percentEncode),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '%2e%2e', '.') }
  )
}

/**
 * Percent-encodes like encodeURIComponent, but writes a lone surrogate as the
 * (invalid) UTF-8 bytes it would take instead of throwing: such a path is
 * what a hostile client can send.
 */
function percentEncode(value: string) {
  let encoded = ''
  for (const char of value) {
    const code = char.codePointAt(0)!
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char)
  }
  return encoded
}

function toText(value: unknown) {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function flatStrings(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { value: toText(value) ?? '' }
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, toText(child) ?? '']))
}

/** One random request to one route. */
export function requestArbitrary(
  route: FuzzRoute,
  schemas: JsonSchema[],
  world: FuzzWorld
): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...route.params.map(() => paramArbitrary(world)))
  const queryKeys = [...new Set(schemas.flatMap((schema) => Object.keys(schema.properties ?? {})))]
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...queryKeys), fc.string({ minLength: 1, maxLength: 8 })),
    fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS.slice(0, 20)),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(...world.words)
    ),
    { maxKeys: 3 }
  )
  const takesBody = route.method !== 'GET'
  const body = takesBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: bodyArbitrary(schemas, world).map((value) => ({
            kind: 'json' as const,
            value,
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .oneof(
              fc.constantFrom(
                '{',
                '{"a":',
                '[1,]',
                "{'a':1}",
                'undefined',
                '\u0000',
                '['.repeat(5000)
              ),
              fc.string({ maxLength: 30 }),
              fc.constant('['.repeat(40_000) + ']'.repeat(40_000))
            )
            .map((text) => ({ kind: 'raw json' as const, text })),
        },
        {
          weight: 1,
          arbitrary: bodyArbitrary(schemas, world).map((value) => ({
            kind: 'form' as const,
            value: flatStrings(value),
          })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(bodyArbitrary(schemas, world), fc.boolean()).map(([value, file]) => ({
            kind: 'multipart' as const,
            fields: flatStrings(value),
            file,
          })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) }
      )
    : fc.constant({ kind: 'none' as const })

  return fc
    .record({
      params,
      query,
      body,
      signedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      // The operator's routes are fuzzed mostly as the operator, so their handlers run too.
      asOperator: isOperatorPattern(route.pattern)
        ? fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false))
        : fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
      csrf: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false)),
      inertia: fc.boolean(),
      accept: fc.constantFrom('json' as const, 'html' as const, '*/*' as const),
    })
    .map(({ params: values, query: qs, ...rest }) => {
      let index = 0
      const path = route.pattern.replace(/:[^/]+|\*/g, () => values[index++])
      const search = new URLSearchParams(qs).toString()
      const request = { method: route.method, url: search ? `${path}?${search}` : path, ...rest }
      // How fast-check prints a counterexample: the request as a person replays it.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) })
    })
}

/** Content-Encodings a client may claim for a body it did not compress. */
export const LYING_ENCODINGS = ['gzip', 'deflate', 'br']

/**
 * Requests to a route that takes a body, each claiming a Content-Encoding
 * its plain JSON or form body does not have, signed in (as the operator on
 * the operator's routes) and with the CSRF token: nothing else to refuse them for.
 */
export function lyingEncodingRequests(route: FuzzRoute & { route: RouteJSON }): FuzzRequest[] {
  const path = route.pattern.replace(/:([^/]+)|\*/g, (_, param?: string) => {
    const matcher = param ? route.route.matchers[param]?.match : undefined
    return matcher ? fc.sample(fc.stringMatching(matcher), { numRuns: 1, seed: 1 })[0] : '1'
  })
  const bodies: FuzzRequest['body'][] = [
    { kind: 'json', value: { title: 'plain' } },
    { kind: 'form', value: { title: 'plain' } },
  ]
  return LYING_ENCODINGS.flatMap((contentEncoding) =>
    bodies.map((body) => ({
      method: route.method,
      url: path,
      body,
      signedIn: true,
      asOperator: isOperatorPattern(route.pattern),
      csrf: true,
      inertia: false,
      accept: 'json' as const,
      contentEncoding,
    }))
  )
}

/** The operator's area: /admin pages, /api/admin and the music library's uploads. */
export function isOperatorPattern(pattern: string) {
  return /^\/(admin|api\/admin|api\/music)(\/|$)/.test(pattern)
}

/** Sends a fuzzed request the way a browser or script would. */
export function send(
  client: ApiClient,
  request: FuzzRequest,
  people: { user: User; operator: User }
) {
  const pending = client.request(request.url, request.method).redirects(0)
  if (request.accept !== '*/*')
    pending.header('accept', request.accept === 'json' ? 'application/json' : 'text/html')
  if (request.inertia) pending.withInertia()
  if (request.signedIn) pending.loginAs(request.asOperator ? people.operator : people.user)
  if (request.csrf) pending.withCsrfToken()
  if (request.contentEncoding) pending.header('content-encoding', request.contentEncoding)
  switch (request.body.kind) {
    case 'json':
      pending.unsafeJson(JSON.stringify(request.body.value))
      break
    case 'raw json':
      pending.unsafeJson(request.body.text)
      break
    case 'form':
      pending.form(request.body.value)
      break
    case 'multipart':
      pending.fields(request.body.fields)
      if (request.body.file) pending.file('file', Buffer.from('fuzz'), { filename: 'fuzz.txt' })
      break
  }
  return pending
}

/** The request as a person would replay it. */
export function describeRequest(request: FuzzRequest) {
  const lines = [
    `${request.method} ${request.url}`,
    `${request.signedIn ? `signed in as ${request.asOperator ? 'the operator' : 'the fuzz user'}` : 'signed out'}, ${request.csrf ? 'with' : 'without'} the CSRF token${request.inertia ? ', X-Inertia' : ''}, Accept: ${request.accept}`,
  ]
  if (request.contentEncoding) lines.push(`Content-Encoding: ${request.contentEncoding} (a lie)`)
  const body = request.body
  if (body.kind === 'json') lines.push(`application/json: ${truncate(JSON.stringify(body.value))}`)
  if (body.kind === 'raw json')
    lines.push(`application/json (raw): ${truncate(JSON.stringify(body.text))}`)
  if (body.kind === 'form') lines.push(`form: ${truncate(JSON.stringify(body.value))}`)
  if (body.kind === 'multipart') {
    lines.push(
      `multipart: ${truncate(JSON.stringify(body.fields))}${body.file ? ' + file fuzz.txt' : ''}`
    )
  }
  return lines.join('\n')
}

function truncate(text: string | undefined) {
  return text && text.length > 500 ? `${text.slice(0, 500)}… (${text.length} characters)` : text
}

/**
 * A cheap fingerprint of the public tables (row count and a hash of their
 * rows), bookkeeping tables left out, and of the queue's jobs when BullMQ
 * keeps them in PostgreSQL: a refused request enqueues nothing either.
 */
export async function databaseFingerprint(bookkeeping: string[]) {
  const { rows } = await db.rawQuery<{ rows: { name: string }[] }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE'
       and ((table_schema = 'public' and not (table_name = any(?)))
         or (table_schema = 'bullmq' and table_name in ('job', 'job_dependency')))
     order by table_schema, table_name`,
    [bookkeeping]
  )
  const parts = rows.map(
    ({ name }) =>
      `select '${name}' as name, count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`
  )
  const result = await db.rawQuery<{ rows: { name: string; rows: string; digest: string }[] }>(
    parts.join(' union all ')
  )
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows}:${row.digest}`]))
}
