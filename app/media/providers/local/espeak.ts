import { Worker } from 'node:worker_threads'
import { wavFile } from '#media/audio/wav'
import { ProviderError, type TimedWord } from '#media/providers/contracts'

/**
 * Offline speech with eSpeak NG compiled to JavaScript, in a thread of its
 * own: a synthesis is synchronous and takes up to a second or two, which on
 * the main thread would hold every other job, lock renewal and request of
 * the process. The engine is loaded once per process and kept; requests
 * run one after another in the order they came.
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

type Request = { id: number; markup: string; voiceId: string; wordsPerMinute: number }
type Reply =
  | { id: number; pcm: Int16Array; events: EspeakEvent[] }
  | { id: number; unknownVoice: true }
  | { id: number; error: string; loading: boolean }

const PACKAGE = '@echogarden/espeak-ng-emscripten'
const SAMPLE_RATE = 22050
// 2.5 words a second, the pace script lengths and credits are planned at (docs/decisions.md).
const WORDS_PER_MINUTE = 150

/**
 * The thread's code, plain JavaScript run as a script (no loader hooks
 * needed in development, tests or the build). A voice such as `en-us`,
 * `fr-fr` or `de+f4` (a voice plus a variant); language codes that are not
 * voice file names resolve through the voice list.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
let engine
function load() {
  engine ??= import(workerData.packageUrl).then(async (imported) => {
    const module = await imported.default()
    return new module.eSpeakNGWorker()
  })
  return engine
}
function selectVoice(engine, voiceId) {
  if (engine.set_voice(voiceId) === 0) return true
  const [language, variant] = voiceId.toLowerCase().split('+')
  const match = engine
    .list_voices()
    .find((voice) => voice.languages.some((entry) => entry.name === language))
  if (!match) return false
  return engine.set_voice(variant ? match.identifier + '+' + variant : match.identifier) === 0
}
parentPort.on('message', async ({ id, markup, voiceId, wordsPerMinute }) => {
  let loading = true
  try {
    const engine = await load()
    loading = false
    if (!selectVoice(engine, voiceId)) return parentPort.postMessage({ id, unknownVoice: true })
    engine.set_rate(wordsPerMinute)
    const chunks = []
    const events = []
    engine.synthesize(markup, (samples, chunkEvents) => {
      if (samples && samples.length) chunks.push(samples)
      events.push(...chunkEvents)
    })
    const pcm = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
    let offset = 0
    for (const chunk of chunks) {
      pcm.set(chunk, offset)
      offset += chunk.length
    }
    parentPort.postMessage({ id, pcm, events }, [pcm.buffer])
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error), loading })
  }
})
`

type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void }

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined
let nextId = 0

function engineThread() {
  if (thread) return thread
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { packageUrl: import.meta.resolve(PACKAGE) },
  })
  const pending = new Map<number, Pending>()
  const current = { worker, pending }
  const settle = (id: number) => {
    const waiting = pending.get(id)
    pending.delete(id)
    // An idle thread does not keep the process alive.
    if (pending.size === 0) worker.unref()
    return waiting
  }
  worker.on('message', (reply: Reply) => settle(reply.id)?.resolve(reply))
  const fail = (error: Error) => {
    if (thread === current) thread = undefined
    for (const id of [...pending.keys()]) settle(id)?.reject(error)
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the eSpeak NG thread exited with ${code}`)))
  worker.unref()
  thread = current
  return current
}

function ask(request: Omit<Request, 'id'>) {
  const { worker, pending } = engineThread()
  const id = nextId++
  return new Promise<Reply>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    worker.ref()
    worker.postMessage({ id, ...request })
  }).then((reply) => {
    if ('error' in reply) {
      throw reply.loading
        ? new ProviderError('eSpeak NG could not be loaded', 'configuration', {
            cause: new Error(reply.error),
          })
        : new Error(`eSpeak NG failed: ${reply.error}`)
    }
    return reply
  })
}

const WARM_UP =
  'Every night the old keeper climbed the spiral stairs of the lighthouse and lit the great lamp for the ships.'

/**
 * Loads the engine and runs it ahead of the first voice-over (a worker at
 * start), so the first video after a restart does not wait for it: the
 * engine is JavaScript compiled from C, and reaches its full speed only
 * after a few sentences (from about 0.7 s to 0.1 s for a 30-second script).
 */
export async function warmUpSpeech() {
  for (let pass = 0; pass < 3; pass++) await synthesizeSpeech(WARM_UP, 'en-us')
}

export async function synthesizeSpeech(
  text: string,
  voiceId: string,
  options: { speed?: number } = {}
): Promise<Speech> {
  const tokens = text.split(/\s+/).filter(Boolean)
  // The engine reads SSML: escaping keeps user text from being taken as markup.
  const markup = tokens.map(escapeMarkup).join(' ')
  const reply = await ask({
    markup,
    voiceId,
    wordsPerMinute: Math.round(WORDS_PER_MINUTE * (options.speed ?? 1)),
  })
  if ('unknownVoice' in reply) {
    throw new ProviderError(`Unknown eSpeak voice "${voiceId}"`, 'rejected_input')
  }
  const durationMs = Math.round((reply.pcm.length / SAMPLE_RATE) * 1000)
  return {
    wav: wavFile(reply.pcm, SAMPLE_RATE),
    sampleRate: SAMPLE_RATE,
    words: wordTimings(tokens, reply.events, durationMs),
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

function escapeMarkup(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
