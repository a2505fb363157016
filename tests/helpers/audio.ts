import { readFile, rm } from 'node:fs/promises'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'

/**
 * What ffmpeg reads from `input` (its arguments: `-i file`, or a lavfi
 * source), as mono float samples at `rate`, through a scratch file at `path`.
 */
export async function decodeMono(
  tools: Pick<MediaTools, 'ffmpeg'>,
  input: string[],
  path: string,
  rate: number
) {
  await runFfmpeg(tools, [...input, '-ac', '1', '-ar', String(rate), '-f', 'f32le', path])
  const bytes = await readFile(path)
  await rm(path)
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

function rms(samples: Float32Array, from: number, to: number) {
  let sum = 0
  for (let index = from; index < to; index++) sum += samples[index] ** 2
  return Math.sqrt(sum / (to - from))
}

const decibels = (value: number) => 20 * Math.log10(Math.max(value, 1e-9))

/** The level of the whole of `samples`, in dBFS RMS. */
export function levelDb(samples: Float32Array) {
  return decibels(rms(samples, 0, samples.length))
}

/**
 * Where `samples` are loud (a 10 ms window above −40 dBFS RMS) between
 * `fromMs` and `toMs`: the ms of the first loud window's start and the last
 * one's end, both −1 when none is.
 */
export function loudSpan(samples: Float32Array, rate: number, fromMs: number, toMs: number) {
  const window = rate / 100
  let first = -1
  let last = -1
  for (let ms = fromMs; ms < toMs; ms += 10) {
    const start = Math.round((ms * rate) / 1000)
    let sum = 0
    for (let index = start; index < start + window && index < samples.length; index++) {
      sum += samples[index] ** 2
    }
    if (10 * Math.log10(sum / window + 1e-12) > -40) {
      if (first < 0) first = ms
      last = ms + 10
    }
  }
  return { first, last }
}

/**
 * How a sound meets itself when played again from the top: the step from
 * its last sample to its first, beside the largest step within 10 ms either
 * side of that seam, and the level (dBFS RMS) of its first and last 50 ms and
 * of the whole.
 */
export function loopSeam(samples: Float32Array, rate: number) {
  const end = samples.length
  const near = Math.round(rate * 0.01)
  const edge = Math.round(rate * 0.05)
  let nearbyStep = 0
  for (let index = 1; index < near; index++) {
    nearbyStep = Math.max(
      nearbyStep,
      Math.abs(samples[index] - samples[index - 1]),
      Math.abs(samples[end - index] - samples[end - index - 1])
    )
  }
  return {
    seamStep: Math.abs(samples[0] - samples[end - 1]),
    nearbyStep,
    firstDb: decibels(rms(samples, 0, edge)),
    lastDb: decibels(rms(samples, end - edge, end)),
    wholeDb: decibels(rms(samples, 0, end)),
  }
}

const FRAME = 4096

/** In-place radix-2 FFT of FRAME points, with its twiddles computed once. */
const fft = (() => {
  const cos = Float64Array.from({ length: FRAME / 2 }, (_, k) =>
    Math.cos((-2 * Math.PI * k) / FRAME)
  )
  const sin = Float64Array.from({ length: FRAME / 2 }, (_, k) =>
    Math.sin((-2 * Math.PI * k) / FRAME)
  )
  return (real: Float64Array, imaginary: Float64Array) => {
    for (let index = 1, swap = 0; index < FRAME; index++) {
      let bit = FRAME >> 1
      for (; swap & bit; bit >>= 1) swap ^= bit
      swap ^= bit
      if (index < swap) {
        ;[real[index], real[swap]] = [real[swap], real[index]]
        ;[imaginary[index], imaginary[swap]] = [imaginary[swap], imaginary[index]]
      }
    }
    for (let size = 2; size <= FRAME; size <<= 1) {
      const stride = FRAME / size
      for (let start = 0; start < FRAME; start += size) {
        for (let k = 0; k < size / 2; k++) {
          const [even, odd] = [start + k, start + k + size / 2]
          const [wr, wi] = [cos[k * stride], sin[k * stride]]
          const oddReal = real[odd] * wr - imaginary[odd] * wi
          const oddImaginary = real[odd] * wi + imaginary[odd] * wr
          real[odd] = real[even] - oddReal
          imaginary[odd] = imaginary[even] - oddImaginary
          real[even] += oddReal
          imaginary[even] += oddImaginary
        }
      }
    }
  }
})()

/**
 * How many different semitones stand out as spectral peaks across a sound:
 * in frames of FRAME samples, a local maximum at least 12 dB above the
 * frame's median and within 40 dB of its loudest bin counts for its nearest
 * semitone; a semitone counts when it peaks in at least 2 % of the frames.
 * A few summed sines give a handful; instruments playing chords, with their
 * overtones, give dozens.
 */
export function pitchedPeaks(samples: Float32Array, rate: number) {
  const window = Float64Array.from(
    { length: FRAME },
    (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / FRAME)
  )
  const counts = new Map<number, number>()
  let frames = 0
  for (let start = 0; start + FRAME <= samples.length; start += FRAME) {
    const real = new Float64Array(FRAME)
    for (let index = 0; index < FRAME; index++) real[index] = window[index] * samples[start + index]
    const imaginary = new Float64Array(FRAME)
    fft(real, imaginary)
    const magnitude = new Float64Array(FRAME / 2)
    for (let bin = 0; bin < FRAME / 2; bin++) {
      magnitude[bin] = Math.sqrt(real[bin] ** 2 + imaginary[bin] ** 2)
    }
    const sorted = Float64Array.from(magnitude).sort()
    const [median, loudest] = [sorted[FRAME / 4], sorted[FRAME / 2 - 1]]
    if (loudest < 1e-3) continue
    frames++
    const semitones = new Set<number>()
    for (let bin = 3; bin < FRAME / 2 - 3; bin++) {
      const level = magnitude[bin]
      if (level < loudest / 100 || level < median * 4) continue
      const neighbours = [bin - 2, bin - 1, bin + 1, bin + 2].map((other) => magnitude[other])
      if (neighbours.some((other, index) => (index < 2 ? other >= level : other > level))) continue
      const frequency = (bin * rate) / FRAME
      if (frequency >= 40) semitones.add(Math.round(69 + 12 * Math.log2(frequency / 440)))
    }
    for (const semitone of semitones) counts.set(semitone, (counts.get(semitone) ?? 0) + 1)
  }
  return [...counts.values()].filter((count) => count >= frames * 0.02).length
}

/**
 * The shift, in samples, at which `sound` from `soundAt` best matches
 * `reference` from `referenceAt` over `length` samples (searched within
 * ±`range`): 0 when it plays exactly there.
 */
export function lagBetween(
  sound: Float32Array,
  soundAt: number,
  reference: Float32Array,
  referenceAt: number,
  { length, range }: { length: number; range: number }
) {
  let best = { lag: 0, score: -Infinity }
  for (let lag = -range; lag <= range; lag++) {
    let score = 0
    for (let index = 0; index < length; index++) {
      score += sound[soundAt + index] * reference[referenceAt + index + lag]
    }
    if (score > best.score) best = { lag, score }
  }
  return best.lag
}
