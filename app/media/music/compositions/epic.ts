import {
  arpeggio,
  drums,
  key,
  phrase,
  roll,
  transpose,
  type Composition,
  type Note,
} from '#media/music/score'

const LEGION_CHORDS = [
  'D3,F3,A3',
  'D3,F3,Bb3',
  'C3,F3,A3',
  'C3,E3,G3',
  'D3,F3,A3',
  'D3,F3,Bb3',
  'D3,G3,Bb3',
  'C#3,E3,A3',
  'D3,F3,A3',
  'D3,F3,Bb3',
  'C3,F3,A3',
  'C3,E3,G3',
  'D3,G3,Bb3',
  'D3,F3,Bb3',
  'C#3,E3,A3',
  'C#3,E3,A3',
]

/** The horns' tune, a bar a string. */
const LEGION_THEME = [
  'D4:1.5 A4:0.5 A4:2',
  'Bb4:1 A4:1 G4:1 F4:1',
  'F4:1.5 C5:0.5 C5:2',
  'E4:1 F4:1 G4:2',
  'D4:1.5 Bb4:0.5 Bb4:1 D5:1',
  'D5:1 C5:1 Bb4:2',
  'A4:1 C#5:1 E5:1.5 D5:0.5',
  'C#5:2 A4:2',
]

const ostinato = (bars: string[], at: number, velocity: number) =>
  arpeggio(bars, {
    order: [0, 0, 1, 0, 2, 0, 1, 0],
    step: 0.25,
    beatsPerBar: 4,
    hold: 0.8,
    accentEvery: 4,
    at,
    velocity,
  })

/** D minor: a string ostinato that grows, horns stating the theme low then high, timpani rolling back into bar 1. */
export const RISING_LEGION: Composition = {
  title: 'Rising Legion',
  fileName: 'epic-rising-legion.mp3',
  mood: 'epic',
  tempo: 96,
  beatsPerBar: 4,
  bars: 16,
  parts: [
    {
      name: 'string ostinato',
      program: 48,
      volume: 100,
      pan: -0.2,
      reverb: 60,
      notes: [
        ...ostinato(LEGION_CHORDS.slice(0, 4), 0, 56),
        ...ostinato(LEGION_CHORDS.slice(4, 8), 16, 68),
        ...ostinato(LEGION_CHORDS.slice(8), 32, 80),
      ],
    },
    {
      name: 'contrabasses',
      program: 43,
      volume: 96,
      reverb: 60,
      notes: phrase(
        'D2:4 Bb1:4 F2:4 C2:4 D2:4 Bb1:4 G1:4 A1:4 D2:4 Bb1:4 F2:4 C2:4 G1:4 Bb1:4 A1:8',
        { velocity: 84 }
      ),
    },
    {
      name: 'horns',
      program: 60,
      volume: 104,
      pan: 0.2,
      reverb: 80,
      notes: [
        ...transpose(phrase(LEGION_THEME.slice(0, 4).join(' '), { at: 16, velocity: 70 }), -12),
        ...phrase(LEGION_THEME.join(' '), { at: 32, velocity: 96 }),
      ],
    },
    {
      name: 'brass',
      program: 61,
      volume: 84,
      reverb: 80,
      notes: [
        'D3,A3,F4',
        'D3,Bb3,F4',
        'C3,A3,F4',
        'C3,G3,E4',
        'D3,Bb3,G4',
        'D3,Bb3,F4',
        'C#3,A3,E4',
        'C#3,A3,E4',
      ].flatMap((chord, bar) =>
        phrase(`[${chord}]:1.5@84 [${chord}]:0.5@72 [${chord}]:2@90`, { at: 32 + bar * 4 })
      ),
    },
    {
      name: 'choir',
      program: 52,
      volume: 80,
      reverb: 100,
      notes: phrase(
        '[D4,F4,A4]:4 [D4,F4,Bb4]:4 [C4,F4,A4]:4 [C4,E4,G4]:4 [D4,G4,Bb4]:4 [D4,F4,Bb4]:4 [C#4,E4,A4]:8',
        { at: 32, velocity: 72 }
      ),
    },
    {
      name: 'timpani',
      program: 47,
      volume: 110,
      reverb: 70,
      notes: [
        ...phrase('D2:4 Bb1:4 F2:4 C2:4 D2:4 Bb1:4 G2:4 A1:4', { velocity: 100 }),
        ...['D2', 'Bb1', 'F2', 'C2', 'G2', 'Bb1', 'A1'].flatMap((root, bar) =>
          phrase(`${root}:2@104 ${root}:0.5@78 ${root}:0.5@86 r:1`, { at: 32 + bar * 4 })
        ),
        ...roll('A1', { at: 60, beats: 4, step: 0.125, from: 40, to: 112 }),
      ],
    },
    {
      name: 'percussion',
      program: 48,
      drums: true,
      volume: 104,
      reverb: 70,
      notes: [
        ...drums({ deepKick: 'X...............', crash: 'x...............' }, { step: 0.25 }),
        ...drums(
          { deepKick: 'X.....x.x.......', crash: 'x...............' },
          { step: 0.25, at: 32 }
        ),
        ...drums({ deepKick: 'X.....x.x.......' }, { step: 0.25, at: 36, times: 6 }),
        ...roll('snare', { at: 62, beats: 2, step: 0.125, from: 30, to: 100 }),
      ],
    },
  ],
}

const ROOTS: Record<string, { root: string; third: 3 | 4 }> = {
  Cm: { root: 'C3', third: 3 },
  Ab: { root: 'Ab2', third: 4 },
  Eb: { root: 'Eb3', third: 4 },
  Bb: { root: 'Bb2', third: 4 },
  Fm: { root: 'F2', third: 3 },
  G: { root: 'G2', third: 4 },
}

/** A chord a bar: four bars of intro, the horns' eight, the trumpets' eight. */
const MARCH_CHORDS = ['Cm', 'Cm', 'Ab', 'Bb', 'Cm', 'Ab', 'Eb', 'Bb', 'Cm', 'Ab', 'Fm', 'G'].concat(
  ['Ab', 'Bb', 'Cm', 'Cm', 'Ab', 'Bb', 'G', 'G']
)

const MARCH = MARCH_CHORDS.map((chord) => ROOTS[chord])

/** The low brass figure of a bar: root, root, root, third, fifth, fourth, third. */
function marchFigure(root: string, third: number, at: number, velocity: number): Note[] {
  const steps = [
    [0, 0.75],
    [0, 0.25],
    [0, 0.5],
    [third, 0.5],
    [7, 1],
    [5, 0.5],
    [third, 0.5],
  ]
  let beat = at
  return steps.map(([interval, beats], index) => {
    const note = { beat, beats: beats * 0.9, key: key(root) + interval, velocity }
    beat += beats
    return index === 0 ? { ...note, velocity: velocity + 10 } : note
  })
}

const TREMOLO: Record<string, string> = {
  Cm: 'G4,C5,Eb5',
  Ab: 'Ab4,C5,Eb5',
  Eb: 'G4,Bb4,Eb5',
  Bb: 'F4,Bb4,D5',
  Fm: 'F4,Ab4,C5',
  G: 'G4,B4,D5',
}

/** C minor at march tempo: snare and low brass from the first bar, horns then trumpets on top. */
export const TITAN_MARCH: Composition = {
  title: 'Titan March',
  fileName: 'epic-titan-march.mp3',
  mood: 'epic',
  tempo: 120,
  beatsPerBar: 4,
  bars: 20,
  parts: [
    {
      name: 'trombones',
      program: 57,
      volume: 100,
      pan: -0.25,
      reverb: 60,
      notes: MARCH.flatMap(({ root, third }, bar) => marchFigure(root, third, bar * 4, 84)),
    },
    {
      name: 'tuba',
      program: 58,
      volume: 92,
      reverb: 50,
      notes: transpose(
        MARCH.flatMap(({ root, third }, bar) => marchFigure(root, third, bar * 4, 80)),
        -12
      ),
    },
    {
      name: 'tremolo strings',
      program: 44,
      volume: 76,
      pan: 0.25,
      reverb: 80,
      notes: phrase(
        MARCH_CHORDS.slice(4)
          .map((chord) => `[${TREMOLO[chord]}]:4`)
          .join(' '),
        { at: 16, velocity: 70 }
      ),
    },
    {
      name: 'horns',
      program: 60,
      volume: 104,
      pan: 0.15,
      reverb: 80,
      notes: phrase(
        [
          'G4:1.5 G4:0.5 C5:2',
          'C5:1 Bb4:1 Ab4:2',
          'G4:1.5 Bb4:0.5 Eb5:2',
          'D5:1 C5:1 Bb4:2',
          'G4:1.5 G4:0.5 C5:1 D5:1',
          'Eb5:2 C5:2',
          'F4:1 Ab4:1 C5:1 F5:1',
          'D5:2 B4:2',
        ].join(' '),
        { at: 16, velocity: 88 }
      ),
    },
    {
      name: 'trumpets',
      program: 56,
      volume: 96,
      pan: -0.1,
      reverb: 80,
      notes: phrase(
        [
          'C5:1.5 C5:0.5 Eb5:1 C5:1',
          'D5:1.5 D5:0.5 F5:1 D5:1',
          'Eb5:1.5 D5:0.5 C5:1 G4:1',
          'C5:3 r:1',
          'Ab4:1 C5:1 Eb5:1 Ab5:1',
          'G5:1.5 F5:0.5 D5:2',
          'D5:1 G5:1 B4:1 D5:1',
          'D5:2 r:2',
        ].join(' '),
        { at: 48, velocity: 92 }
      ),
    },
    {
      name: 'timpani',
      program: 47,
      volume: 104,
      reverb: 60,
      notes: [
        ...transpose(
          MARCH.slice(0, 19).flatMap(({ root }, bar) =>
            phrase(`${root}:2@100 ${root}:2@84`, { at: bar * 4 })
          ),
          -12
        ),
        ...roll('G1', { at: 76, beats: 4, step: 0.125, from: 44, to: 110 }),
      ],
    },
    {
      name: 'drums',
      program: 48,
      drums: true,
      volume: 100,
      reverb: 50,
      notes: [
        ...drums(
          { snare: 'x.-xx.-.x.-xx-x-', deepKick: 'X.......x.......' },
          { step: 0.25, times: 19 }
        ),
        ...drums({ crash: 'x' }, { step: 1, at: 0 }),
        ...drums({ crash: 'x' }, { step: 1, at: 16 }),
        ...drums({ crash: 'x' }, { step: 1, at: 48 }),
        ...drums({ deepKick: 'X.......' }, { step: 0.5, at: 76 }),
        ...roll('snare', { at: 76, beats: 4, step: 0.125, from: 36, to: 112 }),
      ],
    },
  ],
}
