import { probe } from '#media/ffmpeg/probe'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { TimedWord } from '#media/providers/contracts'
import { AAC_OUTPUT } from '#media/render/types'

export type AudioMixInput = {
  voice: { path: string; words: TimedWord[] } | null
  music: { path: string } | null
  durationSeconds: number
  /** Silence before the voice starts (a brand kit's intro card); the music plays through it. */
  leadSeconds?: number
  outputPath: string
  signal?: AbortSignal
}

// Under a voice the bed starts 6 dB down; ducking pulls it further while words are spoken.
const MUSIC_UNDER_VOICE = 0.5
const DUCKED_GAIN = 0.25
const FADE_OUT_SECONDS = 0.5
/** The mix's sample rate. */
const MIX_RATE = 48_000
const FORMAT = `aresample=${MIX_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`
/** How far ahead the limiter looks, ms: its output is that much late. */
const LIMITER_ATTACK_MS = 5
/** The soundtrack's loudness; the library's beds are rendered to it too (docs/music.md, Loudness). */
export const TARGET_LUFS = -16
/** The soundtrack's ceiling, −1.5 dBFS, as a sample value. */
export const PEAK_LIMIT = 10 ** (-1.5 / 20)
/** What ebur128 reports for silence (its gate): nothing to bring up. */
const SILENCE_LUFS = -70
/**
 * Repeats the decoded music sample for sample: aloop's largest size, as at
 * the input's end it loops what it holds. `-stream_loop` would drop about a
 * millisecond at every seam of an MP3 (its encoder delay skipped again): a
 * click in a bed made to loop (docs/music.md, Loudness and loops).
 */
const LOOP = 'aloop=loop=-1:size=2147483647'

/**
 * The soundtrack as AAC, exactly `durationSeconds` long: the voice padded or
 * cut, the music looped sample-exact and cut, ducked under the voice
 * (sidechaincompress, else a volume envelope from the word timings),
 * normalised to −16 LUFS, faded out at the end. Silence when neither.
 *
 * Normalising takes two passes: the mix is measured (ebur128), then made
 * again with the gain that brings it to −16 LUFS and a limiter holding its
 * peaks under −1.5 dBFS. One loudnorm pass sounds the same but costs twice
 * as much CPU (it works at 192 kHz), taken from the scene encodes it runs
 * beside. A build without those filters falls back to dynaudnorm.
 */
export async function mixAudio(input: AudioMixInput, tools: MediaTools) {
  const duration = input.durationSeconds
  if (!input.voice && !input.music) {
    await runFfmpeg(
      tools,
      [
        ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'],
        ...['-t', String(duration)],
        ...AAC_OUTPUT,
        input.outputPath,
      ],
      { signal: input.signal }
    )
    return
  }

  const inputs: string[] = []
  const graph: string[] = []
  let voice: string | undefined
  let music: string | undefined
  if (input.voice) {
    inputs.push('-i', input.voice.path)
    const leadMs = Math.round((input.leadSeconds ?? 0) * 1000)
    const delay = leadMs > 0 ? `adelay=${leadMs}|${leadMs},` : ''
    graph.push(`[0:a]${FORMAT},${delay}apad,atrim=end=${duration}[voice]`)
    voice = '[voice]'
  }
  if (input.music) {
    const index = input.voice ? 1 : 0
    inputs.push('-i', input.music.path)
    const loop = (await shorterThan(input.music.path, duration, tools)) ? `${LOOP},` : ''
    const level = input.voice ? `,volume=${MUSIC_UNDER_VOICE}` : ''
    graph.push(`[${index}:a]${loop}${FORMAT},atrim=end=${duration},asetpts=N/SR/TB${level}[music]`)
    music = '[music]'
  }

  let mix: string
  if (voice && music) {
    if (tools.filters.has('sidechaincompress')) {
      graph.push(
        `${voice}asplit=2[speech][key]`,
        `${music}[key]sidechaincompress=threshold=0.02:ratio=8:attack=15:release=350[ducked]`
      )
      voice = '[speech]'
    } else {
      const leadMs = Math.round((input.leadSeconds ?? 0) * 1000)
      const words = input.voice!.words.map((word) => ({
        ...word,
        startMs: word.startMs + leadMs,
        endMs: word.endMs + leadMs,
      }))
      graph.push(`${music}volume='${duckingEnvelope(words)}':eval=frame[ducked]`)
    }
    graph.push(`${voice}[ducked]amix=inputs=2:duration=first:dropout_transition=0[mix]`)
    mix = '[mix]'
  } else {
    mix = voice ?? music!
  }

  const normalise = await normaliser(tools, inputs, graph, mix, input.signal)
  const fadeStart = Math.max(0, duration - FADE_OUT_SECONDS)
  const fade = `afade=t=out:st=${fadeStart}:d=${FADE_OUT_SECONDS}`
  graph.push(`${mix}${normalise}${fade},apad,atrim=end=${duration}[out]`)

  await runFfmpeg(
    tools,
    [
      ...inputs,
      ...['-filter_complex', graph.join(';'), '-map', '[out]'],
      ...AAC_OUTPUT,
      input.outputPath,
    ],
    { signal: input.signal }
  )
}

/**
 * Whether the music ends before the video: only then is it looped, as aloop
 * holds what it repeats in memory. A file that states no duration is looped.
 */
async function shorterThan(path: string, seconds: number, tools: Pick<MediaTools, 'ffprobe'>) {
  const { durationSeconds } = await probe(path, tools)
  return !(durationSeconds >= seconds)
}

/** The filters that bring the mix to TARGET_LUFS, ending in a comma; '' for none. */
async function normaliser(
  tools: MediaTools,
  inputs: string[],
  graph: string[],
  mix: string,
  signal?: AbortSignal
) {
  if (!['ebur128', 'ametadata', 'alimiter'].every((name) => tools.filters.has(name))) {
    return tools.filters.has('dynaudnorm') ? 'dynaudnorm,' : ''
  }
  const loudness = await integratedLoudness(tools, inputs, graph, mix, signal)
  if (loudness <= SILENCE_LUFS) return ''
  const gain = (TARGET_LUFS - loudness).toFixed(2)
  // The limiter looks ahead by its attack and so delays what it passes by as much: taken back.
  const limiter = `alimiter=limit=${PEAK_LIMIT.toFixed(4)}:attack=${LIMITER_ATTACK_MS}:level=false`
  const lookahead = (LIMITER_ATTACK_MS / 1000) * MIX_RATE
  return `volume=${gain}dB,${limiter},atrim=start_sample=${lookahead},asetpts=N/SR/TB,`
}

/**
 * The EBU R128 integrated loudness (LUFS) of what the filter `graph` puts
 * out at `label`: ebur128's running figure after the last frame, −70 for
 * silence.
 */
export async function integratedLoudness(
  tools: Pick<MediaTools, 'ffmpeg' | 'observe'>,
  inputs: string[],
  graph: string[],
  label: string,
  signal?: AbortSignal
) {
  // Printed to stdout (pipe:1, its colon escaped for the option, then for the graph).
  const measure = `${label}ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=pipe\\\\:1[measured]`
  const printed = await runFfmpeg(
    tools,
    [
      ...inputs,
      ...['-filter_complex', [...graph, measure].join(';')],
      ...['-map', '[measured]', '-f', 'null', '-'],
    ],
    { signal }
  )
  const figures = [...printed.matchAll(/lavfi\.r128\.I=(\S+)/g)]
  const loudness = Number(figures.at(-1)?.[1])
  return Number.isFinite(loudness) ? loudness : SILENCE_LUFS
}

/**
 * Music gain over time without a sidechain: DUCKED_GAIN while words are
 * spoken (pauses under a second bridged), ramping down 0.15 s before and up
 * over 0.4 s after.
 */
function duckingEnvelope(words: TimedWord[]) {
  const spans: { from: number; to: number }[] = []
  for (const word of words) {
    const last = spans[spans.length - 1]
    if (last && word.startMs / 1000 - last.to < 1) last.to = word.endMs / 1000
    else spans.push({ from: word.startMs / 1000, to: word.endMs / 1000 })
  }
  if (spans.length === 0) return '1'
  const speaking = spans
    .map(({ from, to }) => `clip((t-${from})/0.15+1\\,0\\,1)*clip((${to}-t)/0.4+1\\,0\\,1)`)
    .join('+')
  return `1-${1 - DUCKED_GAIN}*min(1\\,${speaking})`
}
