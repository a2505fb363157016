import type { Mood } from '#media/models/music_track'

/**
 * The written form of the library's beds (docs/music.md, Compositions):
 * General MIDI parts in beats, which bin/music_render.ts performs through a
 * SoundFont. Nothing here makes sound; it only says what to play.
 */

export type Note = {
  /** Start, in beats from the top of the piece. */
  beat: number
  /** Length, in beats. */
  beats: number
  /** MIDI key: 60 is C4 (middle C). */
  key: number
  /** 1–127. */
  velocity: number
}

export type Part = {
  name: string
  /** The General MIDI program (0–127); on a drum part, the kit (0 Standard, 48 Orchestra…). */
  program: number
  /** Bank select (MSB): the SoundFont's variations of a program, such as 8 for the "mellow" ones. */
  bank?: number
  drums?: boolean
  /** Channel volume (CC 7), 0–127. */
  volume: number
  /** −1 (left) to 1 (right). */
  pan?: number
  /** Reverb send (CC 91), 0–127. */
  reverb?: number
  /** Chorus send (CC 93), 0–127. */
  chorus?: number
  notes: Note[]
}

export type Composition = {
  title: string
  /** The file under resources/music/ and on the storage disk's music/ prefix. */
  fileName: string
  mood: Mood
  /** Beats a minute. */
  tempo: number
  beatsPerBar: number
  /** The loop's length: the piece plays these bars, then starts again from the first. */
  bars: number
  /** How far off-beat eighths lean back, 0 (straight) to 1 (triplet swing). */
  swing?: number
  parts: Part[]
}

export function beatsOf(composition: Composition) {
  return composition.bars * composition.beatsPerBar
}

export function secondsOf(composition: Composition) {
  return (beatsOf(composition) * 60) / composition.tempo
}

const LETTERS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }

/** A note name as a MIDI key: `C4` is 60, `F#3` 54, `Bb2` 46. */
export function key(name: string): number {
  const match = /^([A-G])(#|b)?(-?\d)$/.exec(name)
  if (!match) throw new Error(`Not a note name: ${name}`)
  const accidental = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0
  return 12 * (Number(match[3]) + 1) + LETTERS[match[1]] + accidental
}

/**
 * Notes written as text, one token after another: `E5:1` (E5 for a beat),
 * `r:0.5` (half a beat of rest), `[C4,E4,G4]:4` (a chord for four beats),
 * `G4:2@100` (velocity 100 instead of the default).
 */
export function phrase(text: string, options: { at?: number; velocity?: number } = {}): Note[] {
  const notes: Note[] = []
  let beat = options.at ?? 0
  for (const token of text.trim().split(/\s+/)) {
    const match = /^(\[[^\]]+\]|[^:[\]]+):([\d.]+)(?:@(\d+))?$/.exec(token)
    if (!match) throw new Error(`Not a phrase token: ${token}`)
    const beats = Number(match[2])
    const velocity = match[3] ? Number(match[3]) : (options.velocity ?? 80)
    if (match[1] !== 'r') {
      for (const name of match[1].replace(/[[\]]/g, '').split(',')) {
        notes.push({ beat, beats, key: key(name), velocity })
      }
    }
    beat += beats
  }
  return notes
}

/** `notes` again, `times` times in all, each copy `every` beats after the one before. */
export function repeat(notes: Note[], times: number, every: number): Note[] {
  return Array.from({ length: times }, (_, index) => shift(notes, index * every)).flat()
}

export function shift(notes: Note[], beats: number): Note[] {
  return notes.map((note) => ({ ...note, beat: note.beat + beats }))
}

export function transpose(notes: Note[], semitones: number): Note[] {
  return notes.map((note) => ({ ...note, key: note.key + semitones }))
}

/**
 * One chord per bar, broken into steps: `order` picks each step's note from
 * the chord (0 its lowest), `step` is a step's length in beats. Accented
 * steps (every `accentEvery`th) are played louder.
 */
export function arpeggio(
  chords: string[],
  options: {
    order: number[]
    step: number
    beatsPerBar: number
    velocity?: number
    at?: number
    /** How long each note rings, in steps. */
    hold?: number
    accentEvery?: number
  }
): Note[] {
  const { order, step, beatsPerBar, velocity = 70, at = 0, hold = 1, accentEvery = 0 } = options
  const notes: Note[] = []
  chords.forEach((chord, bar) => {
    const keys = chord.split(',').map(key)
    for (let index = 0; index * step < beatsPerBar; index++) {
      const pick = order[index % order.length]
      const accent = accentEvery > 0 && index % accentEvery === 0 ? 12 : 0
      notes.push({
        beat: at + bar * beatsPerBar + index * step,
        beats: step * hold,
        key: keys[pick % keys.length] + 12 * Math.floor(pick / keys.length),
        velocity: velocity + accent,
      })
    }
  })
  return notes
}

/**
 * One chord per bar, struck whole every `step` beats (a pumping piano, a
 * strummed guitar), the first of every `accentEvery` steps louder.
 */
export function pulse(
  chords: string[],
  options: {
    step: number
    beatsPerBar: number
    velocity?: number
    at?: number
    accentEvery?: number
    /** How much of a step each chord rings, 0–1. */
    legato?: number
  }
): Note[] {
  const { step, beatsPerBar, velocity = 70, at = 0, accentEvery = 0, legato = 0.9 } = options
  return chords.flatMap((chord, bar) =>
    Array.from({ length: Math.round(beatsPerBar / step) }, (_, index) =>
      chord.split(',').map((name) => ({
        beat: at + bar * beatsPerBar + index * step,
        beats: step * legato,
        key: key(name),
        velocity: velocity + (accentEvery > 0 && index % accentEvery === 0 ? 12 : 0),
      }))
    ).flat()
  )
}

/** The velocity each character of a drum pattern stands for; `.` is a rest. */
const HITS: Record<string, number> = { 'X': 118, 'x': 96, 'o': 72, '-': 46 }

/**
 * Drum hits from a grid, one string per instrument, one character per step
 * (`X` accent, `x` hit, `o` soft, `-` ghost, `.` rest), repeated every
 * `every` beats for `times` times.
 */
export function drums(
  grid: Record<string, string>,
  options: { step: number; times?: number; every?: number; at?: number }
): Note[] {
  const { step, times = 1, at = 0 } = options
  const notes: Note[] = []
  for (const [name, pattern] of Object.entries(grid)) {
    const drum = DRUMS[name]
    if (drum === undefined) throw new Error(`No drum named ${name}`)
    ;[...pattern].forEach((character, index) => {
      if (character === '.') return
      const velocity = HITS[character]
      if (velocity === undefined) throw new Error(`Not a drum hit: ${character}`)
      notes.push({ beat: at + index * step, beats: step, key: drum, velocity })
    })
  }
  return repeat(notes, times, options.every ?? [...Object.values(grid)[0]].length * step)
}

/** A drum struck every `step` beats, its velocity moving from `from` to `to`: rolls and swells. */
export function roll(
  name: string,
  options: { at: number; beats: number; step: number; from: number; to: number }
): Note[] {
  const count = Math.round(options.beats / options.step)
  return Array.from({ length: count }, (_, index) => ({
    beat: options.at + index * options.step,
    beats: options.step,
    key: DRUMS[name] ?? key(name),
    velocity: Math.round(options.from + ((options.to - options.from) * index) / (count - 1 || 1)),
  }))
}

/** General MIDI percussion keys by the names the compositions use. */
export const DRUMS: Record<string, number> = {
  kick: 36,
  deepKick: 35,
  stick: 37,
  snare: 38,
  clap: 39,
  lowTom: 41,
  closedHat: 42,
  midTom: 45,
  pedalHat: 44,
  openHat: 46,
  highTom: 48,
  crash: 49,
  ride: 51,
  splash: 55,
  tambourine: 54,
  shaker: 70,
  cabasa: 69,
}
