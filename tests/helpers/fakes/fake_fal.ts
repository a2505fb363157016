import { createHash, generateKeyPairSync, randomUUID, sign, type JsonWebKey } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runFfmpeg } from '#media/ffmpeg/tools'
import {
  startRecordingServer,
  json,
  type RecordedRequest,
} from '#tests/helpers/fakes/recording_server'

/** The key the fake accepts, in fal's `key_id:key_secret` shape. */
export const FAKE_FAL_KEY = 'fake-key-id:fake-key-secret'

/**
 * What an endpoint does: succeed with its usual output, fail on submit the way
 * fal does, accept the request and then refuse it (a content checker flags
 * it: the result is a 422), never finish, or succeed with the given result body.
 */
export type FakeFalBehaviour =
  | 'success'
  | 'balance_exhausted'
  | 'rejected_input'
  | 'invalid_key'
  | 'server_error'
  | 'content_flagged'
  | 'never_completes'
  | { output: unknown }

export type FakeFalRequest = RecordedRequest

type QueuedRequest = {
  endpointId: string
  appId: string
  input: Record<string, unknown>
  behaviour: FakeFalBehaviour
  polls: number
  /** The submit's `fal_webhook`: the request then finishes on a timer, not by being polled. */
  webhookUrl?: string
  finished: boolean
  output?: Promise<unknown>
}

/** A webhook the fake posted: where, what, and the answer's status (null: unreachable). */
export type FakeFalWebhookDelivery = {
  url: string
  rawBody: string
  headers: Record<string, string>
  status: number | null
  /** What the app answered, parsed from JSON; null when unreachable. */
  answer: unknown
}

export type FakeFalOptions = {
  /** How long a request submitted with a webhook runs before fal posts the outcome. */
  webhookDelayMs?: number
}

/** What fal answers for a request its content checker refused. */
const CONTENT_FLAGGED_DETAIL = [
  {
    loc: ['body', 'prompt'],
    msg: 'The content could not be processed because it contained material flagged by a content checker.',
    type: 'content_policy_violation',
  },
]

/** FLUX's preset sizes, as fal answers them. */
const FLUX_SIZES: Record<string, { width: number; height: number }> = {
  portrait_16_9: { width: 576, height: 1024 },
  square_hd: { width: 1024, height: 1024 },
  landscape_16_9: { width: 1024, height: 576 },
  landscape_4_3: { width: 1024, height: 768 },
}

export const FAKE_SCRIPT = {
  script: 'A lighthouse keeper climbs the spiral stairs at dawn. Waves crash below.',
}

/** What the LLM answers when asked for a video's post (its system prompt names "hashtags"). */
export const FAKE_POST = {
  title: 'The last night of the lighthouse keeper',
  description: 'He climbs the spiral stairs one last time before the light runs itself.',
  hashtags: ['#lighthouse', '#keeper', '#sea'],
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
 *
 * A submit with `?fal_webhook={url}` finishes after `webhookDelayMs`, and the
 * fake then posts the outcome there as fal does: `{ request_id,
 * gateway_request_id, status: 'OK' | 'ERROR', payload, error? }`, signed with
 * the key its JWKS publishes (`loseWebhooks()` drops the posts instead).
 */
export async function startFakeFal({ webhookDelayMs = 100 }: FakeFalOptions = {}) {
  const webhooks: FakeFalWebhookDelivery[] = []
  const pendingWebhooks = new Set<Promise<void>>()
  const timers = new Set<NodeJS.Timeout>()
  let losesWebhooks = false
  let statusOutages = 0
  const behaviours = new Map<string, FakeFalBehaviour>()
  const queued = new Map<string, QueuedRequest>()
  const files = new Map<string, Buffer>()
  const webhookSigner = createFalWebhookSigner()

  const server = await startRecordingServer((request, res) => handle(request, res))
  const baseUrl = server.baseUrl

  async function handle(request: FakeFalRequest, res: ServerResponse) {
    // fal's public webhook keys, and the generated videos, need no key.
    if (request.path === FAKE_FAL_JWKS_PATH && request.method === 'GET') {
      return json(res, 200, { keys: [webhookSigner.jwk] })
    }
    const videoFile = request.path.match(/^\/files\/([\w-]+\.mp4)$/)
    if (videoFile && request.method === 'GET') {
      const video = files.get(videoFile[1])
      res.writeHead(video ? 200 : 404, { 'content-type': 'video/mp4' })
      return res.end(video)
    }
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
    const completed =
      entry.behaviour !== 'never_completes' &&
      (entry.webhookUrl ? entry.finished : entry.polls >= 2)
    if (action === '/status' && request.method === 'GET') {
      if (statusOutages > 0) {
        statusOutages -= 1
        return json(res, 503, { detail: 'Service Unavailable' })
      }
      entry.polls += 1
      return json(res, 200, statusBody(appId, requestId, entry.polls, completed))
    }
    if (!action && request.method === 'GET') {
      if (!completed) {
        return json(res, 400, { detail: 'Request is still in progress' })
      }
      res.setHeader('x-fal-request-id', requestId)
      if (entry.behaviour === 'content_flagged') {
        return json(res, 422, { detail: CONTENT_FLAGGED_DETAIL })
      }
      return json(res, 200, await resultOf(entry))
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
    const webhookUrl = request.query.get('fal_webhook') ?? undefined
    const entry: QueuedRequest = {
      endpointId,
      appId,
      input,
      behaviour,
      polls: 0,
      webhookUrl,
      finished: false,
    }
    queued.set(requestId, entry)
    if (webhookUrl) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        finish(requestId, entry)
      }, webhookDelayMs)
      timers.add(timer)
    }
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

  /** The end of a request submitted with a webhook: the outcome goes to its URL. */
  function finish(requestId: string, entry: QueuedRequest) {
    if (entry.behaviour === 'never_completes') return
    entry.finished = true
    if (losesWebhooks) return
    const delivery = deliverWebhook(requestId, entry).finally(() => {
      pendingWebhooks.delete(delivery)
    })
    pendingWebhooks.add(delivery)
  }

  async function deliverWebhook(requestId: string, entry: QueuedRequest) {
    const url = entry.webhookUrl!
    const outcome =
      entry.behaviour === 'content_flagged'
        ? {
            status: 'ERROR',
            error: 'Invalid status code: 422',
            payload: { detail: CONTENT_FLAGGED_DETAIL },
          }
        : { status: 'OK', payload: await resultOf(entry) }
    const rawBody = JSON.stringify({
      request_id: requestId,
      gateway_request_id: requestId,
      ...outcome,
    })
    const headers = {
      'content-type': 'application/json',
      ...webhookSigner.sign(rawBody, { requestId }),
    }
    let status: number | null = null
    let answer: unknown = null
    try {
      const response = await fetch(url, { method: 'POST', headers, body: rawBody })
      const text = await response.text()
      status = response.status
      answer = text ? JSON.parse(text) : null
    } catch {
      // Unreachable, as fal would find it: the caller's status fallback has to notice.
    }
    webhooks.push({ url, rawBody, headers, status, answer })
  }

  /** One output per request, as fal keeps it: the webhook and the result call agree. */
  function resultOf(entry: QueuedRequest) {
    entry.output ??= outputOf(entry)
    return entry.output
  }

  async function outputOf(entry: QueuedRequest) {
    if (typeof entry.behaviour === 'object') {
      return entry.behaviour.output
    }
    if (entry.endpointId === 'openrouter/router') {
      const asked = String(entry.input.system_prompt).includes('"hashtags"')
        ? FAKE_POST
        : FAKE_SCRIPT
      return {
        output: `\`\`\`json\n${JSON.stringify(asked, null, 2)}\n\`\`\``,
        partial: false,
        usage: { prompt_tokens: 180, completion_tokens: 60, total_tokens: 240, cost: 0.0001 },
      }
    }
    if (entry.endpointId === HAILUO_ENDPOINT || entry.endpointId === HAILUO_TEXT_ENDPOINT) {
      const name = `${randomUUID()}.mp4`
      const video = await fakeHailuoVideo()
      files.set(name, video)
      return {
        video: {
          url: `${baseUrl}/files/${name}`,
          content_type: 'video/mp4',
          file_name: 'output.mp4',
          file_size: video.length,
        },
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

  return {
    baseUrl,
    requests: server.requests,
    /** The key set fal's webhooks verify against (`FAL_JWKS_URL`), served by the fake. */
    jwksUrl: `${baseUrl}${FAKE_FAL_JWKS_PATH}`,
    /** Signs a webhook body with the key the fake's JWKS publishes: the delivery's headers. */
    signWebhook(rawBody: Buffer | string, options: FakeFalWebhookOptions = {}) {
      return webhookSigner.sign(rawBody, options)
    },
    setBehaviour(endpointId: string, behaviour: FakeFalBehaviour) {
      behaviours.set(endpointId, behaviour)
    },
    /** The next `count` status calls answer 503, as during a short outage at fal. */
    failStatusCalls(count: number) {
      statusOutages = count
    },
    /** The webhooks posted so far, in the order their answers came. */
    webhooks,
    /** From now on requests still finish, but their webhooks are never posted. */
    loseWebhooks() {
      losesWebhooks = true
    },
    /** Waits for the webhooks being posted to be answered. */
    async settled() {
      await Promise.all(pendingWebhooks)
    },
    async close() {
      timers.forEach((timer) => clearTimeout(timer))
      await Promise.all(pendingWebhooks)
      await server.close()
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
  if (endpointId === HAILUO_ENDPOINT || endpointId === HAILUO_TEXT_ENDPOINT) {
    errors.push(...hailuoValidationErrors(input, { needsImage: endpointId === HAILUO_ENDPOINT }))
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

/** MiniMax Hailuo-02 standard image-to-video, answered `{ video: { url } }` with a real MP4. */
export const HAILUO_ENDPOINT = 'fal-ai/minimax/hailuo-02/standard/image-to-video'

/** Its text-to-video sibling: a prompt, no image, no resolution (768P only). */
export const HAILUO_TEXT_ENDPOINT = 'fal-ai/minimax/hailuo-02/standard/text-to-video'

/** The fake's stand-in for https://rest.alpha.fal.ai/.well-known/jwks.json. */
export const FAKE_FAL_JWKS_PATH = '/.well-known/jwks.json'

/** What Hailuo returns, smaller: 6 s of ffmpeg's test pattern, 320×576 at 24 fps, no audio. */
export const FAKE_HAILUO_VIDEO = { seconds: 6, width: 320, height: 576, frameRate: 24 }

let hailuoVideo: Promise<Buffer> | undefined

/** The fake Hailuo MP4, encoded once per test run (on first use) and served for every request. */
export function fakeHailuoVideo() {
  hailuoVideo ??= encodeHailuoVideo().catch((error: unknown) => {
    hailuoVideo = undefined
    throw error
  })
  return hailuoVideo
}

async function encodeHailuoVideo() {
  const { seconds, width, height, frameRate } = FAKE_HAILUO_VIDEO
  const dir = await mkdtemp(join(tmpdir(), 'fake-fal-hailuo-'))
  try {
    const path = join(dir, 'hailuo.mp4')
    await runFfmpeg({ ffmpeg: ffmpegPath() }, [
      ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${frameRate}`],
      ...['-t', String(seconds), '-an', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', path],
    ])
    return await readFile(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Hailuo-02 standard's input schema, as fal's pydantic checks it. */
function hailuoValidationErrors(input: Record<string, unknown>, { needsImage = true } = {}) {
  const errors: { loc: string[]; msg: string; type: string }[] = []
  const image = input.image_url
  if (!needsImage) {
    if (image !== undefined || input.resolution !== undefined) {
      const field = image !== undefined ? 'image_url' : 'resolution'
      errors.push({ loc: ['body', field], msg: 'Extra inputs are not permitted', type: 'extra' })
    }
  } else if (typeof image !== 'string') {
    errors.push({ loc: ['body', 'image_url'], msg: 'Field required', type: 'missing' })
  } else if (!/^(https?:\/\/|data:image\/(jpeg|png|webp);base64,)/.test(image)) {
    errors.push({ loc: ['body', 'image_url'], msg: 'Invalid image URL', type: 'value_error' })
  }
  if (input.duration !== undefined && input.duration !== '6' && input.duration !== '10') {
    errors.push({ loc: ['body', 'duration'], msg: "Input should be '6' or '10'", type: 'enum' })
  }
  if (
    input.resolution !== undefined &&
    input.resolution !== '512P' &&
    input.resolution !== '768P'
  ) {
    errors.push({
      loc: ['body', 'resolution'],
      msg: "Input should be '512P' or '768P'",
      type: 'enum',
    })
  }
  if (typeof input.prompt === 'string' && input.prompt.length > 2000) {
    errors.push({
      loc: ['body', 'prompt'],
      msg: 'String should have at most 2000 characters',
      type: 'string_too_long',
    })
  }
  return errors
}

export type FakeFalWebhookOptions = {
  requestId?: string
  userId?: string
  /** Unix seconds; now by default. */
  timestamp?: number
}

/**
 * An Ed25519 key pair signing webhook deliveries the way fal does: the hex
 * signature of `${requestId}\n${userId}\n${timestamp}\n${sha256hex(body)}`,
 * sent with the three values as `X-Fal-Webhook-*` headers. `jwk` is the
 * public half as fal's JWKS lists it.
 */
export function createFalWebhookSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const { kty, crv, x } = publicKey.export({ format: 'jwk' })
  const jwk: JsonWebKey = { kty, crv, x, kid: randomUUID(), use: 'sig', alg: 'EdDSA' }
  return {
    jwk,
    sign(rawBody: Buffer | string, options: FakeFalWebhookOptions = {}): Record<string, string> {
      const requestId = options.requestId ?? randomUUID()
      const userId = options.userId ?? 'fake-user'
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
      const bodyHash = createHash('sha256').update(rawBody).digest('hex')
      const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${bodyHash}`)
      return {
        'x-fal-webhook-request-id': requestId,
        'x-fal-webhook-user-id': userId,
        'x-fal-webhook-timestamp': timestamp,
        'x-fal-webhook-signature': sign(null, message, privateKey).toString('hex'),
      }
    },
  }
}
