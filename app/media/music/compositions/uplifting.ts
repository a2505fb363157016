import { arpeggio, drums, phrase, pulse, type Composition } from '#media/music/score'

const HORIZON_PIANO: Record<string, string> = {
  C: 'E4,G4,C5',
  G: 'D4,G4,B4',
  Am: 'E4,A4,C5',
  F: 'F4,A4,C5',
  Dm7: 'D4,F4,A4,C5',
  Gsus: 'D4,G4,C5',
}

const HORIZON_ROOTS: Record<string, string> = {
  C: 'C2',
  G: 'G1',
  Am: 'A1',
  F: 'F1',
  Dm7: 'D2',
  Gsus: 'G1',
}

/** I–V–vi–IV four times, then a turnaround: a chord a bar. */
const HORIZON = [
  ...['C', 'G', 'Am', 'F', 'C', 'G', 'Am', 'F', 'C', 'G', 'Am', 'F', 'C', 'G', 'Am', 'F'],
  ...['Dm7', 'G', 'F', 'Gsus'],
]

const HORIZON_TUNE = [
  'E5:1 G5:1 C6:1.5 B5:0.5',
  'B5:1 D6:1 G5:2',
  'A5:1 C6:1 E6:1.5 D6:0.5',
  'C6:1 A5:1 F5:2',
]

/** C major pop: pumping piano and bass, a glockenspiel tune from bar 5, strings from bar 9. */
export const BRIGHT_HORIZON: Composition = {
  title: 'Bright Horizon',
  fileName: 'uplifting-bright-horizon.mp3',
  mood: 'uplifting',
  tempo: 120,
  beatsPerBar: 4,
  bars: 20,
  parts: [
    {
      name: 'piano',
      program: 1,
      volume: 96,
      pan: -0.15,
      reverb: 50,
      notes: [
        ...pulse(
          HORIZON.slice(0, 4).map((chord) => HORIZON_PIANO[chord]),
          { step: 0.5, beatsPerBar: 4, accentEvery: 2, velocity: 54 }
        ),
        ...pulse(
          HORIZON.slice(4).map((chord) => HORIZON_PIANO[chord]),
          { step: 0.5, beatsPerBar: 4, accentEvery: 2, velocity: 66, at: 16 }
        ),
      ],
    },
    {
      name: 'bass',
      program: 33,
      volume: 96,
      reverb: 20,
      notes: [
        ...phrase(
          HORIZON.slice(0, 4)
            .map((chord) => `${HORIZON_ROOTS[chord]}:4`)
            .join(' '),
          { velocity: 76 }
        ),
        ...pulse(
          HORIZON.slice(4).map((chord) => HORIZON_ROOTS[chord]),
          { step: 0.5, beatsPerBar: 4, accentEvery: 2, velocity: 72, at: 16, legato: 0.8 }
        ),
      ],
    },
    {
      name: 'strings',
      program: 49,
      volume: 80,
      pan: 0.2,
      reverb: 80,
      notes: phrase(
        '[G4,C5,E5]:4 [G4,B4,D5]:4 [A4,C5,E5]:4 [A4,C5,F5]:4 ' +
          '[G4,C5,E5]:4 [G4,B4,D5]:4 [A4,C5,E5]:4 [A4,C5,F5]:4 ' +
          '[A4,D5,F5]:4 [G4,B4,D5]:4 [A4,C5,F5]:4 [G4,C5,D5]:4',
        { at: 32, velocity: 62 }
      ),
    },
    {
      name: 'glockenspiel',
      program: 9,
      volume: 84,
      pan: 0.25,
      reverb: 70,
      notes: phrase(
        [
          ...HORIZON_TUNE,
          'E5:0.5 F5:0.5 G5:1 C6:1 E6:1',
          'D6:1.5 C6:0.5 B5:2',
          'C6:1 B5:0.5 A5:0.5 E5:1 A5:1',
          'G5:1 F5:1 A5:2',
          ...HORIZON_TUNE,
          'F5:1 A5:1 C6:1 D6:1',
          'D6:1.5 B5:0.5 G5:2',
          'A5:1 C6:1 F6:1.5 E6:0.5',
          'D6:2 r:2',
        ].join(' '),
        { at: 16, velocity: 74 }
      ),
    },
    {
      name: 'drums',
      program: 0,
      drums: true,
      volume: 92,
      reverb: 30,
      notes: [
        ...drums(
          { kick: 'x.......x.......', stick: '....o.......o...', closedHat: 'o.-.o.-.o.-.o.-.' },
          { step: 0.25, times: 4 }
        ),
        ...drums(
          { kick: 'x.......x.x.....', snare: '....x.......x...', closedHat: 'x.o.x.o.x.o.x.o.' },
          { step: 0.25, times: 15, at: 16 }
        ),
        ...drums({ crash: 'x' }, { step: 1, at: 16 }),
        ...drums({ crash: 'x' }, { step: 1, at: 48 }),
        ...drums(
          { kick: 'x.......x.......', snare: '....x.....o.xxXX', closedHat: 'x.o.x.o.........' },
          { step: 0.25, at: 76 }
        ),
      ],
    },
  ],
}

const RUN_GUITAR: Record<string, string> = {
  D: 'D3,A3,D4,F#4',
  A: 'E3,A3,C#4,E4',
  Bm: 'F#3,B3,D4,F#4',
  G: 'G3,B3,D4,G4',
  Em: 'E3,B3,E4,G4',
}

const RUN_BASS: Record<string, string> = {
  D: 'D2,D3',
  A: 'A1,A2',
  Bm: 'B1,B2',
  G: 'G1,G2',
  Em: 'E2,E3',
}

const RUN = [
  ...['D', 'A', 'Bm', 'G', 'D', 'A', 'Bm', 'G', 'D', 'A', 'Bm', 'G', 'D', 'A', 'Bm', 'G'],
  ...['Em', 'G', 'D', 'A', 'Em', 'G', 'D', 'A'],
]

const RUN_TUNE = [
  'F#5:0.5 A5:0.5 D6:1 A5:0.5 F#5:0.5 A5:1',
  'E5:0.5 A5:0.5 C#6:1 E6:1 C#6:1',
  'D6:0.5 C#6:0.5 B5:1 F#5:1 D5:1',
]

const RUN_CHORUS = [
  'E5:0.5 G5:0.5 B5:1 E6:1 D6:1',
  'B5:1 G5:1 D5:2',
  'F#5:0.5 A5:0.5 D6:1 F#6:1 E6:1',
]

/** D major at a run's pace: strummed steel guitar, four on the floor, a marimba tune from bar 9. */
export const MORNING_RUN: Composition = {
  title: 'Morning Run',
  fileName: 'uplifting-morning-run.mp3',
  mood: 'uplifting',
  tempo: 128,
  beatsPerBar: 4,
  bars: 24,
  parts: [
    {
      name: 'steel guitar',
      program: 25,
      volume: 96,
      pan: -0.25,
      reverb: 50,
      notes: pulse(
        RUN.map((chord) => RUN_GUITAR[chord]),
        { step: 0.5, beatsPerBar: 4, accentEvery: 2, velocity: 62, legato: 0.95 }
      ),
    },
    {
      name: 'bass',
      program: 34,
      volume: 96,
      reverb: 20,
      notes: arpeggio(
        RUN.map((chord) => RUN_BASS[chord]),
        { order: [0, 1], step: 0.5, beatsPerBar: 4, hold: 0.8, velocity: 76 }
      ),
    },
    {
      name: 'marimba',
      program: 12,
      volume: 96,
      pan: 0.25,
      reverb: 60,
      notes: phrase(
        [
          ...RUN_TUNE,
          'G5:1 B5:1 D6:1.5 r:0.5',
          ...RUN_TUNE,
          'G5:1 B5:1 A5:2',
          ...RUN_CHORUS,
          'E6:2 C#6:2',
          ...RUN_CHORUS,
          'E6:1 C#6:1 A5:2',
        ].join(' '),
        { at: 32, velocity: 76 }
      ),
    },
    {
      name: 'synth strings',
      program: 50,
      volume: 72,
      pan: 0.15,
      reverb: 80,
      notes: phrase('[E4,G4,B4]:4 [D4,G4,B4]:4 [D4,F#4,A4]:4 [C#4,E4,A4]:4 '.repeat(2).trim(), {
        at: 64,
        velocity: 64,
      }),
    },
    {
      name: 'drums',
      program: 0,
      drums: true,
      volume: 90,
      reverb: 30,
      notes: [
        ...drums(
          { kick: 'x...x...x...x...', openHat: '..o...o...o...o.', closedHat: '-...-...-...-...' },
          { step: 0.25, times: 23 }
        ),
        ...drums({ clap: '....x.......x...' }, { step: 0.25, times: 19, at: 16 }),
        ...drums({ crash: 'x' }, { step: 1, at: 0 }),
        ...drums({ crash: 'x' }, { step: 1, at: 64 }),
        ...drums(
          { kick: 'x...x...x...x...', snare: '....x...x.x.xxXX', openHat: '..o...o.........' },
          { step: 0.25, at: 92 }
        ),
      ],
    },
  ],
}
