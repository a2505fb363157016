import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

/** The key the fake accepts, in fal's `key_id:key_secret` shape. */
export const FAKE_FAL_KEY = 'fake-key-id:fake-key-secret'

/**
 * What an endpoint does: succeed with its usual output, fail on submit the way
 * fal does, never finish, or succeed with the given result body.
 */
export type FakeFalBehaviour =
  | 'success'
  | 'balance_exhausted'
  | 'rejected_input'
  | 'invalid_key'
  | 'server_error'
  | 'never_completes'
  | { output: unknown }

export type FakeFalRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: unknown
}

type QueuedRequest = {
  endpointId: string
  appId: string
  input: Record<string, unknown>
  behaviour: FakeFalBehaviour
  polls: number
}

/** FLUX's preset sizes, as fal answers them. */
const FLUX_SIZES: Record<string, { width: number; height: number }> = {
  portrait_16_9: { width: 576, height: 1024 },
  square_hd: { width: 1024, height: 1024 },
  landscape_16_9: { width: 1024, height: 576 },
  landscape_4_3: { width: 1024, height: 768 },
}

export const FAKE_SCRIPT = {
  script: 'A lighthouse keeper climbs the spiral stairs at dawn. Waves crash below.',
  voiceOver: 'Every morning, before the world wakes, the light must be tended.',
}

/**
 * A local stand-in for fal's queue REST API (queue.fal.run), speaking the wire
 * format @fal-ai/client uses:
 * - POST /{owner}/{app}[/{path}] with the JSON input → `{ request_id, status_url, … }`
 * - GET /{owner}/{app}/requests/{id}/status?logs=0 → IN_QUEUE, IN_PROGRESS, then COMPLETED
 * - GET /{owner}/{app}/requests/{id} → the endpoint's output
 * - PUT /{owner}/{app}/requests/{id}/cancel
 * Status and result URLs drop the endpoint's sub-path, as fal's do. Every call
 * needs `Authorization: Key {FAKE_FAL_KEY}`. Generated images are served by the
 * fake itself under /files/.
 */
export async function startFakeFal() {
  const requests: FakeFalRequest[] = []
  const behaviours = new Map<string, FakeFalBehaviour>()
  const queued = new Map<string, QueuedRequest>()
  const files = new Map<string, Buffer>()
  let baseUrl = ''

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl)
      const text = Buffer.concat(chunks).toString('utf8')
      const request: FakeFalRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      }
      requests.push(request)
      handle(request, res).catch((error: Error) => json(res, 500, { detail: error.message }))
    })
  })

  async function handle(request: FakeFalRequest, res: ServerResponse) {
    const file = request.path.match(/^\/files\/([\w-]+\.jpg)$/)
    if (file && request.method === 'GET') {
      const image = files.get(file[1])
      res.writeHead(image ? 200 : 404, { 'content-type': 'image/jpeg' })
      return res.end(image)
    }
    if (request.headers.authorization !== `Key ${FAKE_FAL_KEY}`) {
      return json(res, 401, { detail: 'No user found for Key ID and Secret' })
    }
    const queueCall = request.path.match(
      /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/
    )
    if (!queueCall) {
      return request.method === 'POST'
        ? submit(request, res)
        : json(res, 404, { detail: 'Not Found' })
    }
    const [, appId, requestId, action] = queueCall
    const entry = queued.get(requestId)
    if (!entry || entry.appId !== appId) {
      return json(res, 404, { detail: `Request ${requestId} not found` })
    }
    if (action === '/cancel' && request.method === 'PUT') {
      entry.behaviour = 'never_completes'
      return json(res, 202, { status: 'CANCELLATION_REQUESTED' })
    }
    const completed = entry.behaviour !== 'never_completes' && entry.polls >= 2
    if (action === '/status' && request.method === 'GET') {
      entry.polls += 1
      return json(res, 200, statusBody(appId, requestId, entry.polls, completed))
    }
    if (!action && request.method === 'GET') {
      if (!completed) {
        return json(res, 400, { detail: 'Request is still in progress' })
      }
      res.setHeader('x-fal-request-id', requestId)
      return json(res, 200, await outputOf(entry))
    }
    return json(res, 405, { detail: 'Method Not Allowed' })
  }

  function submit(request: FakeFalRequest, res: ServerResponse) {
    const endpointId = request.path.slice(1)
    const behaviour = behaviours.get(endpointId) ?? 'success'
    if (behaviour === 'invalid_key') {
      return json(res, 401, { detail: 'No user found for Key ID and Secret' })
    }
    if (behaviour === 'balance_exhausted') {
      return json(res, 403, {
        detail:
          'User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.',
      })
    }
    const input = (request.body ?? {}) as Record<string, unknown>
    const invalid = validationErrors(endpointId, input)
    if (behaviour === 'rejected_input') {
      invalid.push({
        loc: ['body', 'prompt'],
        msg: 'String should have at most 2000 characters',
        type: 'string_too_long',
      })
    }
    if (invalid.length > 0) {
      return json(res, 422, { detail: invalid })
    }
    if (behaviour === 'server_error') {
      return json(res, 500, { detail: 'Internal Server Error' })
    }
    const requestId = randomUUID()
    const appId = endpointId.split('/').slice(0, 2).join('/')
    queued.set(requestId, { endpointId, appId, input, behaviour, polls: 0 })
    return json(res, 200, {
      ...urlsOf(appId, requestId),
      status: 'IN_QUEUE',
      queue_position: 0,
    })
  }

  function urlsOf(appId: string, requestId: string) {
    const responseUrl = `${baseUrl}/${appId}/requests/${requestId}`
    return {
      request_id: requestId,
      response_url: responseUrl,
      status_url: `${responseUrl}/status`,
      cancel_url: `${responseUrl}/cancel`,
    }
  }

  function statusBody(appId: string, requestId: string, polls: number, completed: boolean) {
    const urls = urlsOf(appId, requestId)
    if (completed) {
      return { ...urls, status: 'COMPLETED', logs: null, metrics: { inference_time: 0.4 } }
    }
    if (polls === 1) {
      return { ...urls, status: 'IN_QUEUE', queue_position: 0 }
    }
    return { ...urls, status: 'IN_PROGRESS', logs: null }
  }

  async function outputOf(entry: QueuedRequest) {
    if (typeof entry.behaviour === 'object') {
      return entry.behaviour.output
    }
    if (entry.endpointId === 'openrouter/router') {
      return {
        output: `\`\`\`json\n${JSON.stringify(FAKE_SCRIPT, null, 2)}\n\`\`\``,
        partial: false,
        usage: { prompt_tokens: 180, completion_tokens: 60, total_tokens: 240, cost: 0.0001 },
      }
    }
    const size = FLUX_SIZES[String(entry.input.image_size ?? 'landscape_4_3')]
    const name = `${randomUUID()}.jpg`
    files.set(
      name,
      await sharp({
        create: { ...size, channels: 3, background: { r: 40, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer()
    )
    return {
      images: [{ url: `${baseUrl}/files/${name}`, ...size, content_type: 'image/jpeg' }],
      timings: { inference: 0.31 },
      seed: entry.input.seed ?? 42,
      has_nsfw_concepts: [false],
      prompt: entry.input.prompt,
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    requests,
    setBehaviour(endpointId: string, behaviour: FakeFalBehaviour) {
      behaviours.set(endpointId, behaviour)
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The input checks fal's FastAPI apps make, answered in pydantic's shape. */
function validationErrors(endpointId: string, input: Record<string, unknown>) {
  const errors: { loc: string[]; msg: string; type: string }[] = []
  if (typeof input.prompt !== 'string') {
    errors.push({ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' })
  }
  if (endpointId === 'openrouter/router' && typeof input.model !== 'string') {
    errors.push({ loc: ['body', 'model'], msg: 'Field required', type: 'missing' })
  }
  if (input.image_size !== undefined && !(String(input.image_size) in FLUX_SIZES)) {
    errors.push({
      loc: ['body', 'image_size'],
      msg: `Input should be ${Object.keys(FLUX_SIZES).join(', ')}`,
      type: 'literal_error',
    })
  }
  return errors
}

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
