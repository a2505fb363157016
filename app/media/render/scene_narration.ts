import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { wavFile } from '#media/audio/wav'
import { mapLimit } from '#media/ffmpeg/process'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { Speech, TimedWord } from '#media/providers/contracts'
import { FRAME_RATE, SCENE_SECONDS } from '#media/render/types'
import { MAX_TEMPO, SPEECH_LEAD_MS, SPEECH_TAIL_MS } from '#shared/narration_pace'

/*
 * Scene-true narration (docs/product.md, Voice-over): each scene's words are
 * spoken while that scene is on screen. Every scene is synthesised on its
 * own, its speech measured by its energy, then laid in its scene's window:
 * from SPEECH_LEAD_MS after the scene starts to SPEECH_TAIL_MS before it
 * ends (the numbers live in app/shared/narration_pace.ts, which the
 * storyboard reads too). A voice faster than the plan leaves a pause at
 * the end of the scene; a slower one is first tempo-fitted (atempo, pitch
 * kept) by at most MAX_TEMPO, and only what still does not fit runs on,
 * pushing the next scene's words later (never earlier).
 */

/** The least pause between two scenes' speech when one ran on into the next. */
export const SPEECH_GAP_MS = 200
const SCENE_MS = SCENE_SECONDS * 1000
/** The rate a voice's audio is decoded at when it is not a plain 16-bit mono WAV already. */
const DECODED_RATE = 48_000
// Speech is where a 10 ms window is louder than −40 dBFS (RMS); 20 ms before and 40 ms after are kept.
const SPEECH_DB = -40
/** Parallel requests to a voice provider (the offline voice runs them one after another anyway). */
const SPEAKING_AT_ONCE = 3

/** Where a scene's speech goes: its start in the video and the speed-up it needs. */
export type Placement = { startMs: number; endMs: number; tempo: number }

/**
 * Places each scene's speech (its length in ms, null for a silent scene) in
 * the video, by the rules above.
 */
export function planNarration(spokenMs: (number | null)[]): (Placement | null)[] {
  let cursor = -Infinity
  return spokenMs.map((length, index) => {
    if (length === null || length <= 0) return null
    const sceneStart = index * SCENE_MS
    const startMs = Math.max(sceneStart + SPEECH_LEAD_MS, cursor + SPEECH_GAP_MS)
    const room = sceneStart + SCENE_MS - SPEECH_TAIL_MS - startMs
    const tempo = length <= room ? 1 : room > 0 ? Math.min(MAX_TEMPO, length / room) : MAX_TEMPO
    const endMs = startMs + length / tempo
    cursor = endMs
    return { startMs, endMs, tempo }
  })
}

/** Tells what a scene's speech sounds like, with the texts around it for a natural read. */
export type SceneSpeaker = (
  text: string,
  context: { previousText?: string; nextText?: string }
) => Promise<Speech>

export type SceneNarrationInput = {
  /** Each scene's words, in order; an empty one is a silent scene. */
  texts: string[]
  speak: SceneSpeaker
  /** A scratch directory the caller removes. */
  workDir: string
  tools: Pick<MediaTools, 'ffmpeg' | 'observe' | 'threads'>
  signal?: AbortSignal
}

/** What one scene's speech became in the voice-over. */
export type ScenePlacement = Placement & { scene: number }

export type SceneNarration = Speech & {
  /** Where each spoken scene's words are heard, and at what speed-up. */
  placements: ScenePlacement[]
}

/**
 * The video's voice-over, scene by scene (see above), as one mono WAV at the
 * voice's rate with the time of every word in the video. Null when no scene has words.
 */
export async function narrateScenes(input: SceneNarrationInput): Promise<SceneNarration | null> {
  const texts = input.texts.map((text) => text.trim())
  if (texts.every((text) => !text)) return null
  const spoken = await mapLimit(texts, SPEAKING_AT_ONCE, async (text, index) => {
    if (!text) return null
    const speech = await input.speak(text, {
      previousText: texts.slice(0, index).filter(Boolean).at(-1),
      nextText: texts.slice(index + 1).find(Boolean),
    })
    return measured(await decode(speech.audio, index, input), speech.words)
  })
  const plan = planNarration(spoken.map((scene) => scene && scene.lengthMs))
  // The voice's own rate (the offline voice's WAV needs no ffmpeg at all), the first scene's.
  const rate = spoken.find((scene) => scene !== null)?.rate ?? DECODED_RATE

  const parts = await mapLimit(spoken, 2, async (scene, index) => {
    const place = plan[index]
    if (!scene || !place) return null
    const asIs = place.tempo === 1 && scene.rate === rate
    const samples = asIs ? scene.samples : await refit(scene, place.tempo, rate, index, input)
    return { samples, place, scene }
  })

  const endMs = Math.max(...plan.map((place) => place?.endMs ?? 0))
  const track = new Int16Array(Math.ceil(((endMs + SPEECH_TAIL_MS) * rate) / 1000))
  const words: TimedWord[] = []
  const placements: ScenePlacement[] = []
  for (const [index, part] of parts.entries()) {
    if (!part) continue
    const { samples, place, scene } = part
    const offset = Math.round((place.startMs * rate) / 1000)
    for (let at = 0; at < samples.length && offset + at < track.length; at++) {
      track[offset + at] = clamp16(track[offset + at] + samples[at])
    }
    words.push(...scene.words.map((word) => moved(word, scene, place)))
    placements.push({ scene: index, ...place })
  }
  return { audio: wavFile(track, rate), contentType: 'audio/wav', words, placements }
}

type MeasuredSpeech = {
  /** The speech alone, silence before and after cut off, at `rate`. */
  samples: Int16Array
  rate: number
  lengthMs: number
  /** Where the kept speech starts and ends in the synthesised audio, in ms. */
  fromMs: number
  toMs: number
  words: TimedWord[]
}

/**
 * The synthesised audio as mono samples: a plain 16-bit mono WAV (the
 * offline voice's) read as it is, anything else (ElevenLabs' MP3) decoded by
 * ffmpeg at DECODED_RATE.
 */
async function decode(audio: Buffer, index: number, input: SceneNarrationInput) {
  const wav = plainWav(audio)
  if (wav) return wav
  const source = join(input.workDir, `speech-${index}`)
  const raw = join(input.workDir, `speech-${index}.pcm`)
  await writeFile(source, audio)
  await runFfmpeg(input.tools, ['-i', source, ...pcmOutput(DECODED_RATE), raw], {
    signal: input.signal,
  })
  return { samples: samplesOf(await readFile(raw)), rate: DECODED_RATE }
}

function pcmOutput(rate: number) {
  return ['-ac', '1', '-ar', String(rate), '-f', 's16le', '-c:a', 'pcm_s16le']
}

/** 16-bit little-endian PCM as samples. */
function samplesOf(bytes: Buffer) {
  const samples = new Int16Array(bytes.length >> 1)
  for (let index = 0; index < samples.length; index++) samples[index] = bytes.readInt16LE(index * 2)
  return samples
}

/** The samples and rate of a canonical RIFF/WAVE file of 16-bit mono PCM; null for anything else. */
function plainWav(bytes: Buffer) {
  const riff = bytes.length >= 44 && bytes.toString('latin1', 0, 4) === 'RIFF'
  if (!riff || bytes.toString('latin1', 8, 16) !== 'WAVEfmt ') return null
  const [format, channels, bits] = [
    bytes.readUInt16LE(20),
    bytes.readUInt16LE(22),
    bytes.readUInt16LE(34),
  ]
  if (
    format !== 1 ||
    channels !== 1 ||
    bits !== 16 ||
    bytes.toString('latin1', 36, 40) !== 'data'
  ) {
    return null
  }
  const length = Math.min(bytes.readUInt32LE(40), bytes.length - 44)
  return { samples: samplesOf(bytes.subarray(44, 44 + length)), rate: bytes.readUInt32LE(24) }
}

/** The speech between its first and last loud window; the words kept within it. */
function measured(
  { samples, rate }: { samples: Int16Array; rate: number },
  words: TimedWord[]
): MeasuredSpeech | null {
  const window = Math.round(rate / 100)
  const threshold = window * (32768 * 10 ** (SPEECH_DB / 20)) ** 2
  let first = -1
  let last = -1
  for (let from = 0; from < samples.length; from += window) {
    let energy = 0
    const to = Math.min(samples.length, from + window)
    for (let at = from; at < to; at++) energy += samples[at] * samples[at]
    if (energy > threshold) {
      if (first < 0) first = from
      last = to
    }
  }
  if (first < 0) return null
  const start = Math.max(0, first - Math.round(rate * 0.02))
  const end = Math.min(samples.length, last + Math.round(rate * 0.04))
  const toMs = (sample: number) => (sample * 1000) / rate
  return {
    samples: samples.subarray(start, end),
    rate,
    lengthMs: toMs(end - start),
    fromMs: toMs(start),
    toMs: toMs(end),
    words,
  }
}

/**
 * The speech sped up by `tempo`, pitch kept (ffmpeg's atempo), at the
 * track's `rate` (a scene at another rate, from a voice that changed, is
 * resampled in the same pass).
 */
async function refit(
  scene: MeasuredSpeech,
  tempo: number,
  rate: number,
  index: number,
  input: SceneNarrationInput
) {
  const source = join(input.workDir, `speech-${index}-cut.pcm`)
  const fitted = join(input.workDir, `speech-${index}-fitted.pcm`)
  const bytes = Buffer.from(
    scene.samples.buffer,
    scene.samples.byteOffset,
    scene.samples.byteLength
  )
  await writeFile(source, bytes)
  await runFfmpeg(
    input.tools,
    [
      ...['-f', 's16le', '-ar', String(scene.rate), '-ac', '1', '-i', source],
      ...['-af', `atempo=${tempo.toFixed(4)}`],
      ...pcmOutput(rate),
      fitted,
    ],
    { signal: input.signal }
  )
  return samplesOf(await readFile(fitted))
}

/** A word's time in the video: its time in the kept speech, sped up, from the placement. */
function moved(word: TimedWord, scene: MeasuredSpeech, place: Placement): TimedWord {
  const at = (ms: number) => {
    const within = Math.min(Math.max(ms, scene.fromMs), scene.toMs) - scene.fromMs
    return Math.round(place.startMs + within / place.tempo)
  }
  return { text: word.text, startMs: at(word.startMs), endMs: at(word.endMs) }
}

function clamp16(value: number) {
  return Math.max(-32768, Math.min(32767, value))
}

/**
 * Each scene's length in the video, in seconds: SCENE_SECONDS, but the last
 * scene is held (whole frames) until the voice-over's last word has ended
 * and SPEECH_TAIL_MS more, so words that ran on are never cut off.
 */
export function sceneLengths(scenes: number, words: TimedWord[]) {
  const spokenUntil = Math.max(0, ...words.map((word) => word.endMs))
  const overrun = spokenUntil + SPEECH_TAIL_MS - scenes * SCENE_MS
  const held = overrun > 0 ? Math.ceil((overrun / 1000) * FRAME_RATE) / FRAME_RATE : 0
  return Array.from({ length: scenes }, (_, index) =>
    index === scenes - 1 ? SCENE_SECONDS + held : SCENE_SECONDS
  )
}
