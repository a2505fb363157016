import { arpeggio, drums, phrase, repeat, type Composition } from '#media/music/score'

const GM9 = 'Bb3,D4,F4,A4'
const C13 = 'Bb3,D4,E4,A4'
const FMAJ9 = 'A3,C4,E4,G4'
const DM9 = 'F3,A3,C4,E4'
const BBMAJ9 = 'A3,C4,D4,F4'
const D7B9 = 'F#3,A3,C4,Eb4'

/** Rootless jazz voicings on a Rhodes, ii–V–I–vi in F, swung, with a turnaround back to Gm9. */
export const LOFI_DRIFT: Composition = {
  title: 'Lo-fi Drift',
  fileName: 'chill-lofi-drift.mp3',
  mood: 'chill',
  tempo: 80,
  beatsPerBar: 4,
  bars: 12,
  swing: 0.5,
  parts: [
    {
      name: 'electric piano',
      program: 4,
      bank: 8,
      volume: 100,
      pan: -0.15,
      reverb: 60,
      chorus: 40,
      notes: [
        ...[GM9, C13, FMAJ9, DM9, GM9, C13, FMAJ9, DM9, GM9, C13, BBMAJ9].flatMap((chord, bar) =>
          phrase(`[${chord}]:2.5@72 [${chord}]:1.5@58`, { at: bar * 4 })
        ),
        ...phrase(`[${DM9}]:2@70 [${D7B9}]:2@66`, { at: 44 }),
      ],
    },
    {
      name: 'warm pad',
      program: 89,
      volume: 52,
      reverb: 80,
      notes: phrase(
        [GM9, C13, FMAJ9, DM9, GM9, C13, FMAJ9, DM9, GM9, C13, BBMAJ9]
          .map((chord) => `[${chord}]:4`)
          .join(' ') + ` [${DM9}]:2 [${D7B9}]:2`,
        { velocity: 60 }
      ),
    },
    {
      name: 'bass',
      program: 33,
      volume: 96,
      reverb: 20,
      notes: phrase(
        [
          'G2:1.5 r:1 D3:1 Bb2:0.5',
          'C3:1.5 r:1 G2:1 E2:0.5',
          'F2:1.5 r:1 C3:1 E2:0.5',
          'D2:1.5 r:1 A2:1 F#2:0.5',
          'G2:1.5 r:1 D3:1 Bb2:0.5',
          'C3:1.5 r:1 G2:1 E2:0.5',
          'F2:1.5 r:1 C3:1 E2:0.5',
          'D2:1.5 r:1 A2:1 F#2:0.5',
          'G2:1.5 r:1 D3:1 Bb2:0.5',
          'C3:1.5 r:1 G2:1 E2:0.5',
          'Bb2:1.5 r:1 F2:1 A2:0.5',
          'D2:1.5 r:0.5 D3:1 C3:0.5 A2:0.5',
        ].join(' '),
        { velocity: 84 }
      ),
    },
    {
      name: 'vibraphone',
      program: 11,
      volume: 84,
      pan: 0.25,
      reverb: 70,
      notes: phrase(
        [
          'r:1 D5:0.5 F5:0.5 A5:1.5 G5:0.5',
          'F5:1 E5:0.5 D5:0.5 C5:2',
          'r:0.5 A4:0.5 C5:0.5 E5:0.5 G5:1 E5:1',
          'D5:3 r:1',
          'r:1 D5:0.5 F5:0.5 A5:1 C6:1',
          'A5:1 G5:0.5 F5:0.5 E5:2',
          'D5:1 F5:1 A5:1 G5:1',
          'F5:1.5 E5:0.5 C5:1 A4:1',
        ].join(' '),
        { at: 16, velocity: 66 }
      ),
    },
    {
      name: 'drums',
      program: 32,
      drums: true,
      volume: 88,
      reverb: 30,
      notes: [
        ...drums(
          {
            kick: 'x.........o.....',
            snare: '....o.......o...',
            closedHat: 'o.-.o.-.o.-.o.--',
          },
          { step: 0.25, times: 11 }
        ),
        ...drums(
          {
            kick: 'x.........o...o.',
            snare: '....o.......o.-.',
            closedHat: 'o.-.o.-.o.-.o.o.',
          },
          { step: 0.25, at: 44 }
        ),
      ],
    },
  ],
}

const DMAJ9 = 'D3,A3,C#4,E4,F#4'
const BM11 = 'B2,F#3,A3,D4,E4'
const GMAJ9 = 'G2,D3,F#3,A3,B3'
const A6SUS = 'A2,E3,F#3,B3,D4'
const EM9 = 'E2,B2,D3,F#3,G3'
const GMAJ7 = 'G2,D3,F#3,B3,D4'
const D_OVER_FS = 'F#2,D3,A3,D4,E4'
const A7SUS = 'A2,E3,G3,D4,E4'

/** Fingerpicked nylon guitar over slow strings in D, a mellow piano answering from bar 5. */
export const EVENING_TIDE: Composition = {
  title: 'Evening Tide',
  fileName: 'chill-evening-tide.mp3',
  mood: 'chill',
  tempo: 72,
  beatsPerBar: 4,
  bars: 12,
  parts: [
    {
      name: 'nylon guitar',
      program: 24,
      volume: 104,
      pan: -0.2,
      reverb: 64,
      notes: arpeggio(
        [DMAJ9, BM11, GMAJ9, A6SUS, DMAJ9, BM11, GMAJ9, A6SUS, EM9, GMAJ7, D_OVER_FS, A7SUS],
        { order: [0, 2, 3, 4, 1, 3, 4, 2], step: 0.5, beatsPerBar: 4, hold: 3, velocity: 62 }
      ),
    },
    {
      name: 'strings',
      program: 49,
      volume: 78,
      pan: 0.2,
      reverb: 90,
      notes: [
        ...phrase('[F#4,A4,E5]:4 [F#4,A4,D5]:4 [F#4,B4,D5]:4 [E4,B4,D5]:4', { velocity: 50 }),
        ...phrase(
          '[F#4,A4,E5]:4 [F#4,A4,D5]:4 [F#4,B4,D5]:4 [E4,B4,D5]:4 ' +
            '[G4,B4,F#5]:4 [F#4,B4,D5]:4 [F#4,A4,D5]:4 [E4,G4,D5]:4',
          { at: 16, velocity: 70 }
        ),
      ],
    },
    {
      name: 'bass',
      program: 32,
      volume: 90,
      reverb: 30,
      notes: phrase(
        'D2:3 A2:1 B1:3 F#2:1 G1:3 D2:1 A1:3 E2:1 D2:3 A2:1 B1:3 F#2:1 G1:3 D2:1 A1:3 E2:1 ' +
          'E2:3 B2:1 G1:3 D2:1 F#2:3 A2:1 A1:3 C#2:1',
        { velocity: 76 }
      ),
    },
    {
      name: 'piano',
      program: 0,
      bank: 8,
      volume: 82,
      pan: 0.1,
      reverb: 80,
      notes: phrase(
        [
          'r:2 F#5:1 A5:1',
          'B5:1.5 A5:0.5 F#5:2',
          'r:1 E5:0.5 F#5:0.5 D5:2',
          'E5:3 r:1',
          'r:1 B4:0.5 D5:0.5 F#5:1 G5:1',
          'F#5:1.5 E5:0.5 D5:2',
          'A4:1 D5:1 E5:1 F#5:1',
          'E5:2 D5:1 r:1',
        ].join(' '),
        { at: 16, velocity: 60 }
      ),
    },
    {
      name: 'percussion',
      program: 0,
      drums: true,
      volume: 70,
      reverb: 40,
      notes: repeat(
        drums(
          { shaker: '-.o.-.o.-.o.-.o-', kick: 'o.........-.....', stick: '........-.......' },
          { step: 0.25 }
        ),
        12,
        4
      ),
    },
  ],
}
