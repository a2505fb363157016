import { execFile } from 'node:child_process'
import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import {
  startRecordingServer,
  json,
  type RecordedRequest,
} from '#tests/helpers/fakes/recording_server'

export const FAKE_ELEVENLABS_KEY = 'sk_fake_elevenlabs_key'

/** `quota_exceeded` answers text-to-speech the way ElevenLabs does when credits run out. */
export type FakeElevenLabsBehaviour = 'ok' | 'quota_exceeded'

export type FakeElevenLabsRequest = RecordedRequest

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
  let behaviour: FakeElevenLabsBehaviour = 'ok'
  const server = await startRecordingServer((request, res) => handle(request, res))

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
    const timed = request.path.match(/^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/)
    if (request.method === 'POST' && timed) {
      speakWithTimestamps(decodeURIComponent(timed[1]), request, res).catch((error: Error) =>
        json(res, 500, { detail: { status: 'internal_error', message: error.message } })
      )
      return
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

  /**
   * POST /v1/text-to-speech/{voice_id}/with-timestamps: a real MP3 tone as
   * long as the text takes to say, and its character alignment
   * (fakeAlignment) at the requested voice_settings.speed.
   */
  async function speakWithTimestamps(
    voiceId: string,
    request: FakeElevenLabsRequest,
    res: ServerResponse
  ) {
    const body = (request.body ?? {}) as { text?: unknown; voice_settings?: { speed?: unknown } }
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
    const speed = body.voice_settings?.speed ?? 1
    if (typeof speed !== 'number' || speed < 0.7 || speed > 1.2) {
      return json(res, 400, {
        detail: {
          status: 'invalid_voice_settings',
          message: 'Speed must be between 0.7 and 1.2.',
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
    const alignment = fakeAlignment(body.text, speed)
    const spoken = alignment.character_end_times_seconds.at(-1) ?? 0
    const audio = await toneMp3(spoken + FAKE_SPEECH_TAIL_SECONDS)
    return json(res, 200, {
      audio_base64: audio.toString('base64'),
      alignment,
      normalized_alignment: alignment,
    })
  }

  return {
    baseUrl: server.baseUrl,
    requests: server.requests,
    setBehaviour(next: FakeElevenLabsBehaviour) {
      behaviour = next
    },
    close: server.close,
  }
}

export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>

/** How long the fake takes to say one character at speed 1. */
export const FAKE_SECONDS_PER_CHARACTER = 0.06
/** Silence the fake's audio runs on after the last character, as real speech does. */
export const FAKE_SPEECH_TAIL_SECONDS = 0.1

/**
 * ElevenLabs-shaped character timings for a text: every character (spaces
 * too) lasts FAKE_SECONDS_PER_CHARACTER / speed, one after the other.
 */
export function fakeAlignment(text: string, speed = 1) {
  const characters = [...text]
  const step = FAKE_SECONDS_PER_CHARACTER / speed
  const at = (index: number) => Math.round(index * step * 1000) / 1000
  return {
    characters,
    character_start_times_seconds: characters.map((_, index) => at(index)),
    character_end_times_seconds: characters.map((_, index) => at(index + 1)),
  }
}

const execFileAsync = promisify(execFile)
const tones = new Map<number, Promise<Buffer>>()

/** A 440 Hz tone encoded as mp3_44100_128 is (44.1 kHz, 128 kbit/s), cached by length. */
export function toneMp3(seconds: number) {
  const rounded = Math.max(0.05, Math.round(seconds * 100) / 100)
  let tone = tones.get(rounded)
  if (!tone) {
    tone = execFileAsync(
      ffmpegPath(),
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `sine=frequency=440:sample_rate=44100:duration=${rounded}`],
        ...[
          '-c:a',
          'libmp3lame',
          '-b:a',
          '128k',
          '-ar',
          '44100',
          '-ac',
          '1',
          '-f',
          'mp3',
          'pipe:1',
        ],
      ],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 }
    ).then(({ stdout }) => stdout)
    tone.catch(() => tones.delete(rounded))
    tones.set(rounded, tone)
  }
  return tone
}
