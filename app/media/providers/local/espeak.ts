import { ProviderError, type TimedWord } from '#media/providers/contracts'

/**
 * Offline speech with eSpeak NG compiled to WebAssembly. The module is loaded
 * once and kept; synthesis is synchronous inside it, so calls never interleave.
 */

export type Speech = {
  /** RIFF/WAVE, PCM 16-bit mono. */
  wav: Buffer
  sampleRate: number
  /** When each word is heard, from the synthesizer's word events. */
  words: TimedWord[]
}

type EspeakEvent = {
  type: string
  text_position: number
  word_length: number
  audio_position: number
}

type EspeakVoiceEntry = { identifier: string; languages: { name: string }[] }

// The package ships no type declarations: these describe the part we call.
type EspeakWorker = {
  set_voice(name: string): number
  set_rate(wordsPerMinute: number): number
  list_voices(): EspeakVoiceEntry[]
  synthesize(text: string, onChunk: (samples: Int16Array, events: EspeakEvent[]) => void): void
}
type EspeakModule = { eSpeakNGWorker: new () => EspeakWorker }

const PACKAGE = '@echogarden/espeak-ng-emscripten'
const SAMPLE_RATE = 22050
// 2.5 words a second, the pace script lengths and credits are planned at (docs/decisions.md).
const WORDS_PER_MINUTE = 150

let worker: Promise<EspeakWorker> | undefined

function espeak() {
  worker ??= loadWorker().catch((error: unknown) => {
    worker = undefined
    throw new ProviderError('eSpeak NG could not be loaded', 'configuration', { cause: error })
  })
  return worker
}

async function loadWorker() {
  // A variable specifier: the untyped package is described by EspeakModule instead.
  const imported = (await import(PACKAGE)) as { default: () => Promise<EspeakModule> }
  const module = await imported.default()
  return new module.eSpeakNGWorker()
}

/**
 * Selects a voice such as `en-us`, `fr-fr` or `de+f4` (a voice plus a variant).
 * Language codes that are not voice file names resolve through the voice list.
 */
function selectVoice(engine: EspeakWorker, voiceId: string) {
  if (engine.set_voice(voiceId) === 0) return true
  const [language, variant] = voiceId.toLowerCase().split('+')
  const match = engine
    .list_voices()
    .find((voice) => voice.languages.some((entry) => entry.name === language))
  if (!match) return false
  return engine.set_voice(variant ? `${match.identifier}+${variant}` : match.identifier) === 0
}

export async function synthesizeSpeech(
  text: string,
  voiceId: string,
  options: { speed?: number } = {}
): Promise<Speech> {
  const engine = await espeak()
  if (!selectVoice(engine, voiceId)) {
    throw new ProviderError(`Unknown eSpeak voice "${voiceId}"`, 'rejected_input')
  }
  engine.set_rate(Math.round(WORDS_PER_MINUTE * (options.speed ?? 1)))

  const tokens = text.split(/\s+/).filter(Boolean)
  // The engine reads SSML: escaping keeps user text from being taken as markup.
  const markup = tokens.map(escapeMarkup).join(' ')
  const chunks: Int16Array[] = []
  const events: EspeakEvent[] = []
  engine.synthesize(markup, (samples, chunkEvents) => {
    if (samples?.length) chunks.push(samples)
    events.push(...chunkEvents)
  })

  const pcm = concatSamples(chunks)
  const durationMs = Math.round((pcm.length / SAMPLE_RATE) * 1000)
  return {
    wav: wavFile(pcm, SAMPLE_RATE),
    sampleRate: SAMPLE_RATE,
    words: wordTimings(tokens, events, durationMs),
  }
}

/**
 * Times every whitespace-separated token of the text, punctuation kept, as
 * captions show it. The engine's word events point into the text; a token
 * that raised none ("the" spoken together with "on") shares the time of the
 * token before it. A word lasts until the next one starts.
 */
function wordTimings(tokens: string[], events: EspeakEvent[], durationMs: number) {
  // Where each token starts in the markup, counted in code points as the events are.
  const starts: number[] = []
  let position = 0
  for (const token of tokens) {
    starts.push(position)
    position += [...escapeMarkup(token)].length + 1
  }

  const timed = new Map<number, number>()
  for (const event of events) {
    if (event.type !== 'word') continue
    const index = starts.findLastIndex((start) => start <= event.text_position - 1)
    if (index >= 0 && !timed.has(index)) timed.set(index, event.audio_position)
  }
  if (timed.size === 0) return []
  if (!timed.has(0)) timed.set(0, 0)

  const anchors = [...timed.keys()].sort((left, right) => left - right)
  const startsMs: number[] = []
  anchors.forEach((anchor, order) => {
    const next = anchors[order + 1] ?? tokens.length
    const from = timed.get(anchor)!
    const to = timed.get(next) ?? durationMs
    for (let index = anchor; index < next; index++) {
      startsMs[index] = Math.round(from + ((to - from) * (index - anchor)) / (next - anchor))
    }
  })
  return tokens.map((token, index) => ({
    text: token,
    startMs: startsMs[index],
    endMs: startsMs[index + 1] ?? durationMs,
  }))
}

function concatSamples(chunks: Int16Array[]) {
  const pcm = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    pcm.set(chunk, offset)
    offset += chunk.length
  }
  return pcm
}

/** A canonical 44-byte RIFF/WAVE header followed by 16-bit mono PCM. */
function wavFile(pcm: Int16Array, sampleRate: number) {
  const dataBytes = pcm.length * 2
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(dataBytes, 40)
  const data = Buffer.alloc(dataBytes)
  for (let index = 0; index < pcm.length; index++) data.writeInt16LE(pcm[index], index * 2)
  return Buffer.concat([header, data])
}

function escapeMarkup(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
