import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_ELEVENLABS_KEY = 'sk_fake_elevenlabs_key'

/** `quota_exceeded` answers text-to-speech the way ElevenLabs does when credits run out. */
export type FakeElevenLabsBehaviour = 'ok' | 'quota_exceeded'

export type FakeElevenLabsRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: unknown
}

/** The account's voices, trimmed to the fields of GET /v2/voices the catalog reads and a few more. */
export const FAKE_VOICES = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'american', descriptive: 'calm', age: 'young', gender: 'female' },
    verified_languages: [
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'american', locale: 'en-US' },
    ],
    preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/rachel.mp3',
  },
  {
    voice_id: 'ErXwobaYiN019PkySvjV',
    name: 'Antoni',
    category: 'premade',
    labels: { accent: 'american', age: 'young', gender: 'male' },
    verified_languages: [],
    preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/antoni.mp3',
  },
  {
    voice_id: 'cl0n3dV01c3Luc1a',
    name: 'Lucía',
    category: 'cloned',
    labels: { language: 'es', accent: 'castilian' },
    verified_languages: [
      { language: 'es', model_id: 'eleven_multilingual_v2', accent: 'castilian', locale: 'es-ES' },
    ],
    preview_url: null,
  },
]

/** Silent MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz mono: what mp3_44100_128 decodes as. */
export function silentMp3(frames = 20) {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0xc0])
  return Buffer.concat(Array.from({ length: frames }, () => frame))
}

/**
 * A local stand-in for api.elevenlabs.io: GET /v2/voices and
 * POST /v1/text-to-speech/{voice_id}, keyed by the `xi-api-key` header and
 * answering errors as `{ detail: { status, message } }`.
 */
export async function startFakeElevenLabs() {
  const requests: FakeElevenLabsRequest[] = []
  let behaviour: FakeElevenLabsBehaviour = 'ok'
  let baseUrl = ''

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl)
      const text = Buffer.concat(chunks).toString('utf8')
      const request: FakeElevenLabsRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      }
      requests.push(request)
      handle(request, res)
    })
  })

  function handle(request: FakeElevenLabsRequest, res: ServerResponse) {
    if (request.headers['xi-api-key'] !== FAKE_ELEVENLABS_KEY) {
      return json(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } })
    }
    if (request.method === 'GET' && request.path === '/v2/voices') {
      const pageSize = Number(request.query.get('page_size') ?? 10)
      return json(res, 200, {
        voices: FAKE_VOICES.slice(0, pageSize),
        has_more: FAKE_VOICES.length > pageSize,
        total_count: FAKE_VOICES.length,
        next_page_token: null,
      })
    }
    const speech = request.path.match(/^\/v1\/text-to-speech\/([^/]+)$/)
    if (request.method === 'POST' && speech) {
      return speak(decodeURIComponent(speech[1]), request, res)
    }
    return json(res, 404, { detail: 'Not Found' })
  }

  function speak(voiceId: string, request: FakeElevenLabsRequest, res: ServerResponse) {
    const body = (request.body ?? {}) as { text?: unknown }
    if (typeof body.text !== 'string' || body.text === '') {
      return json(res, 422, {
        detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }],
      })
    }
    if (!FAKE_VOICES.some((voice) => voice.voice_id === voiceId)) {
      return json(res, 404, {
        detail: {
          status: 'voice_not_found',
          message: `A voice with the voice_id ${voiceId} was not found.`,
        },
      })
    }
    if (behaviour === 'quota_exceeded') {
      return json(res, 401, {
        detail: {
          status: 'quota_exceeded',
          message: `This request exceeds your quota of 10000. You have 0 credits remaining, while ${body.text.length} credits are required for this request.`,
        },
      })
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg' })
    res.end(silentMp3())
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    requests,
    setBehaviour(next: FakeElevenLabsBehaviour) {
      behaviour = next
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
