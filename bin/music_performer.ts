/*
|--------------------------------------------------------------------------
| Plays a composition through spessasynth_core
|--------------------------------------------------------------------------
|
| Turns a Composition (app/media/music/score.ts) into timed MIDI messages
| and renders them, sample-accurately, through a SoundFont synthesizer.
| Used by bin/music_render.ts only.
|
*/
import {
  MIDIControllers,
  SPESSA_BUFSIZE,
  SpessaSynthProcessor,
  type BasicSoundBank,
} from 'spessasynth_core'
import { beatsOf, type Composition, type Note, type Part } from '#media/music/score'

export type Stereo = { left: Float32Array; right: Float32Array; sampleRate: number }

type Message = { time: number; noteOff: boolean; send: (synth: SpessaSynthProcessor) => void }

/** Up to this much later than written, by a fixed draw per note: played, not quantised. */
const LATE_SECONDS = 0.012
/** Velocity moves by up to this much either way, by a fixed draw per note. */
const VELOCITY_SPREAD = 6

/**
 * The composition played `passes` times in a row, with `extraSeconds`
 * more of the next pass: pass 2 onwards starts with the tails of the pass
 * before, as the bed does when it loops.
 */
export async function perform(
  composition: Composition,
  soundBank: BasicSoundBank,
  options: { sampleRate: number; passes: number; extraSeconds: number }
): Promise<Stereo> {
  const { sampleRate } = options
  const synth = new SpessaSynthProcessor(sampleRate, { maxBufferSize: SPESSA_BUFSIZE })
  await synth.processorInitialized
  synth.setSystemParameter('autoAllocateVoices', true)
  synth.soundBankManager.addSoundBank(soundBank, 'library')

  const loopSeconds = (beatsOf(composition) * 60) / composition.tempo
  const totalSeconds = options.passes * loopSeconds + options.extraSeconds
  const channels = assignChannels(composition.parts)
  composition.parts.forEach((part, index) => setUp(synth, channels[index], part))

  const messages: Message[] = []
  composition.parts.forEach((part, partIndex) => {
    const channel = channels[partIndex]
    ringsUntilNextStrike(part.notes, beatsOf(composition)).forEach((note, noteIndex) => {
      const draw = (salt: number) => hash(partIndex, noteIndex, salt)
      // Played late, released on time: a release never reaches the next strike of its key.
      const start = timeOf(composition, note.beat) + draw(1) * LATE_SECONDS
      const end = timeOf(composition, note.beat + note.beats)
      const velocity = clamp(
        Math.round(note.velocity + (draw(2) * 2 - 1) * VELOCITY_SPREAD),
        1,
        127
      )
      for (let pass = 0; pass <= options.passes; pass++) {
        const offset = pass * loopSeconds
        if (offset + start >= totalSeconds) continue
        messages.push(
          {
            time: offset + start,
            noteOff: false,
            send: (s) => s.noteOn(channel, note.key, velocity),
          },
          { time: offset + end, noteOff: true, send: (s) => s.noteOff(channel, note.key) }
        )
      }
    })
  })
  messages.sort((a, b) => a.time - b.time || Number(b.noteOff) - Number(a.noteOff))

  const length = Math.round(totalSeconds * sampleRate)
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  let position = 0
  let next = 0
  while (position < length) {
    while (next < messages.length && Math.round(messages[next].time * sampleRate) <= position) {
      messages[next++].send(synth)
    }
    const due = next < messages.length ? Math.round(messages[next].time * sampleRate) : length
    const count = Math.min(SPESSA_BUFSIZE, due - position, length - position)
    synth.process(left, right, position, count)
    position += count
  }
  return { left, right, sampleRate }
}

/** Channel 10 (index 9) is General MIDI's drum channel; further drum parts are made drums. */
function assignChannels(parts: Part[]) {
  const melodic = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
  let drumChannelTaken = false
  return parts.map((part) => {
    if (part.drums && !drumChannelTaken) {
      drumChannelTaken = true
      return 9
    }
    const channel = melodic.shift()
    if (channel === undefined) throw new Error('More than 16 parts')
    return channel
  })
}

function setUp(synth: SpessaSynthProcessor, channel: number, part: Part) {
  if (part.drums && channel !== 9) synth.midiChannels[channel].setDrums(true)
  synth.controllerChange(channel, MIDIControllers.bankSelect, part.bank ?? 0)
  synth.programChange(channel, part.program)
  synth.controllerChange(channel, MIDIControllers.mainVolume, part.volume)
  synth.controllerChange(channel, MIDIControllers.pan, Math.round(64 + (part.pan ?? 0) * 63))
  synth.controllerChange(channel, MIDIControllers.reverbDepth, part.reverb ?? 40)
  synth.controllerChange(channel, MIDIControllers.chorusDepth, part.chorus ?? 0)
}

/**
 * Each note cut short where the same key is struck again on its part,
 * counting the strike at the top of the next pass: a key never sounds
 * twice on one channel, so no note-off ends the wrong strike.
 */
export function ringsUntilNextStrike(notes: Note[], loopBeats: number): Note[] {
  const byKey = new Map<number, Note[]>()
  for (const note of notes) byKey.set(note.key, [...(byKey.get(note.key) ?? []), note])
  return notes.map((note) => {
    const strikes = byKey.get(note.key)!.map((other) => other.beat)
    const later = strikes.filter((beat) => beat > note.beat)
    const next = later.length > 0 ? Math.min(...later) : Math.min(...strikes) + loopBeats
    return { ...note, beats: Math.min(note.beats, next - note.beat) }
  })
}

/** When a beat falls, in seconds: off-beat eighths lean back by up to a sixth of a beat (triplets at swing 1). */
function timeOf(composition: Composition, beat: number) {
  const offBeat = Math.abs((beat % 1) - 0.5) < 1e-9
  const swung = offBeat ? beat + (composition.swing ?? 0) / 6 : beat
  return (swung * 60) / composition.tempo
}

/** A fixed number in [0, 1) for a note: the same on every pass and every run. */
function hash(...values: number[]) {
  let state = 0x811c9dc5
  for (const value of values) {
    state = Math.imul(state ^ value, 0x01000193)
    state ^= state >>> 13
    state = Math.imul(state, 0x5bd1e995)
    state ^= state >>> 15
  }
  return (state >>> 0) / 2 ** 32
}

function clamp(value: number, low: number, high: number) {
  return Math.min(high, Math.max(low, value))
}
