import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import emitter from '@adonisjs/core/services/emitter'
import type { HttpContext } from '@adonisjs/core/http'
import { isPublicApiRoute } from '#core/openapi/public_api'

/**
 * What the suites saw the public API answer: every (route, method, status)
 * the test server gave, with a few of its JSON bodies, so a final check
 * (tests/contract/) holds /api/openapi.json to the answers themselves.
 */
export type ObservedAnswer = {
  route: string
  method: string
  status: number
  /** The first few JSON bodies, as they went on the wire. */
  bodies: unknown[]
}

/** What these checks read of an OpenAPI document. */
type OpenApi = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, any> }>>
  components: { responses: Record<string, any> }
}

const BODIES_KEPT = 5

const observed = new Map<string, ObservedAnswer>()

/** A route a test registers for itself (`test.*`, tests/functional/core/uploads.spec.ts): no part of the API. */
export function isTestRoute(name: string | undefined) {
  return name?.startsWith('test.') ?? false
}

/** The answers observed so far, one per route, method and status. */
export function observedAnswers() {
  return [...observed.values()]
}

/** What `observeAnswers` records, from the answer of a request that matched a route. */
export function recordAnswer(ctx: HttpContext) {
  if (!ctx.route || !isPublicApiRoute(ctx.route) || isTestRoute(ctx.route.name)) return
  const route = ctx.route.name ?? ctx.route.pattern
  const method = ctx.request.method() === 'HEAD' ? 'GET' : ctx.request.method()
  const status = ctx.response.response.statusCode
  const key = `${route} ${method} ${status}`
  const answer = observed.get(key) ?? { route, method, status, bodies: [] }
  observed.set(key, answer)
  const type = String(ctx.response.getHeader('content-type') ?? '')
  const body = ctx.response.getBody()
  if (answer.bodies.length < BODIES_KEPT && type.includes('json') && body !== undefined) {
    answer.bodies.push(JSON.parse(JSON.stringify(body)))
  }
}

/**
 * A runner hook: records every answer the test server gives to a public
 * /api route, from the framework's own event for a finished request
 * (whatever sent it: the API client, fetch, a browser).
 */
export function observeAnswers() {
  const listener = ({ ctx }: { ctx: HttpContext }) => recordAnswer(ctx)
  emitter.on('http:request_completed', listener)
  return () => emitter.off('http:request_completed', listener)
}

/** The document's operations by route name and method (operationId is the route's name). */
function operationsOf(document: OpenApi) {
  const operations = new Map<string, { path: string; method: string; responses: any }>()
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${operation.operationId} ${method.toUpperCase()}`, {
        path,
        method,
        responses: operation.responses,
      })
    }
  }
  return operations
}

/** `route METHOD status` of each success the document lists. */
export function documentedSuccesses(document: OpenApi) {
  return [...operationsOf(document)]
    .filter(([name]) => !isTestRoute(name))
    .flatMap(([name, { responses }]) =>
      Object.keys(responses)
        .filter((status) => Number(status) < 400)
        .map((status) => `${name} ${status}`)
    )
    .sort()
}

/** `route METHOD status` of each observed answer the document does not list. */
export function undocumentedAnswers(document: OpenApi, answers: ObservedAnswer[]) {
  const operations = operationsOf(document)
  return answers
    .filter(({ route, method, status }) => {
      const operation = operations.get(`${route} ${method}`)
      return !operation || !(String(status) in operation.responses)
    })
    .map(({ route, method, status }) => `${route} ${method} ${status}`)
    .sort()
}

/** A JSON pointer as a URI fragment writes it (`/api/projects/{id}` → `~1api~1projects~1%7Bid%7D`). */
const pointer = (...segments: string[]) =>
  segments
    .map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('/')

/**
 * The JSON Schema validators of a document's answers, with its components
 * in reach (`#/components/schemas/Error`), by the same JSON pointers.
 */
export function answerValidators(document: OpenApi) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addSchema(document as object, 'openapi.json')
  const compiled = new Map<string, ValidateFunction | null>()

  /** The validator of one documented answer's JSON body; null when it has none. */
  function validatorOf(path: string, method: string, status: number) {
    const key = `${method} ${path} ${status}`
    if (!compiled.has(key)) {
      let location = `#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status))}`
      let response = document.paths[path][method.toLowerCase()].responses[status]
      if (response?.$ref) {
        location = response.$ref
        response = document.components.responses[response.$ref.split('/').pop()]
      }
      const json = response?.content?.['application/json']
      compiled.set(
        key,
        json
          ? ajv.compile({
              $ref: `openapi.json${location}/${pointer('content', 'application/json', 'schema')}`,
            })
          : null
      )
    }
    return compiled.get(key)!
  }

  return {
    validatorOf,
    /** What is wrong with a body, in ajv's words, or null when it fits its schema. */
    problemsOf(path: string, method: string, status: number, body: unknown) {
      const validate = validatorOf(path, method, status)
      if (!validate) return `${method} ${path} ${status} documents no JSON body`
      return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '; ' })
    },
  }
}

/** Every kept body that does not fit its documented schema, with why. */
export function misdocumentedBodies(document: OpenApi, answers: ObservedAnswer[]) {
  const operations = operationsOf(document)
  const { problemsOf } = answerValidators(document)
  const problems: string[] = []
  for (const { route, method, status, bodies } of answers) {
    const operation = operations.get(`${route} ${method}`)
    if (!operation || !(String(status) in operation.responses)) continue
    for (const body of bodies) {
      const problem = problemsOf(operation.path, method, status, body)
      if (problem) problems.push(`${route} ${method} ${status}: ${problem}`)
    }
  }
  return problems
}
