import { arpeggio, drums, phrase, roll, type Composition } from '#media/music/score'

/** Low string clusters sliding down a semitone at a time under a music box, a timpani roll back to the top. */
export const HOLLOW_CORRIDOR: Composition = {
  title: 'Hollow Corridor',
  fileName: 'horror-hollow-corridor.mp3',
  mood: 'horror',
  tempo: 60,
  beatsPerBar: 4,
  bars: 10,
  parts: [
    {
      name: 'tremolo strings',
      program: 44,
      volume: 96,
      pan: -0.2,
      reverb: 90,
      notes: phrase('[A2,Bb2]:8 [G#2,A2]:8 [F2,F#2]:8 [E2,F2]:8 [D#2,E2]:8', { velocity: 66 }),
    },
    {
      name: 'contrabass',
      program: 43,
      volume: 90,
      reverb: 70,
      notes: phrase('A1:32 E1:8', { velocity: 72 }),
    },
    {
      name: 'glass pad',
      program: 92,
      volume: 70,
      pan: 0.2,
      reverb: 100,
      notes: phrase('[A3,E4]:32 [D#3,A3]:8', { velocity: 54 }),
    },
    {
      name: 'music box',
      program: 10,
      volume: 92,
      pan: 0.3,
      reverb: 110,
      notes: phrase(
        [
          'A5:1 C6:1 B5:1 F5:1',
          'E5:2 r:2',
          'A5:1 C6:1 B5:1 D#5:1',
          'E5:3 r:1',
          'F5:1 E5:1 D#5:1 E5:1',
          'C5:2 B4:2',
        ].join(' '),
        { at: 8, velocity: 62 }
      ),
    },
    {
      name: 'timpani',
      program: 47,
      volume: 104,
      reverb: 90,
      notes: [
        ...phrase('A1:4@98 r:12 A1:4@80', { at: 0 }),
        ...roll('A1', { at: 37, beats: 3, step: 0.125, from: 24, to: 92 }),
      ],
    },
    {
      name: 'percussion',
      program: 48,
      drums: true,
      volume: 96,
      reverb: 80,
      notes: [
        ...drums({ deepKick: 'X' }, { step: 1 }),
        ...drums({ deepKick: 'x..o............' }, { step: 0.25, at: 24, times: 4 }),
      ],
    },
  ],
}

const E = 'E2,B2,E3,G3'
const F = 'F2,C3,F3,Ab3'
const BB = 'Bb1,F2,Bb2,Db3'
const DSDIM = 'D#2,A2,D#3,F#3'

/** A creeping pizzicato waltz in E Phrygian, voices sliding down in minor thirds, a heartbeat under it all. */
export const WHISPERS_BELOW: Composition = {
  title: 'Whispers Below',
  fileName: 'horror-whispers-below.mp3',
  mood: 'horror',
  tempo: 60,
  beatsPerBar: 3,
  bars: 14,
  parts: [
    {
      name: 'pizzicato',
      program: 45,
      volume: 104,
      pan: -0.15,
      reverb: 80,
      notes: arpeggio([E, E, F, F, E, E, BB, BB, E, E, F, F, DSDIM, DSDIM], {
        order: [0, 2, 1, 3, 2, 1],
        step: 0.5,
        beatsPerBar: 3,
        hold: 0.8,
        velocity: 66,
      }),
    },
    {
      name: 'low strings',
      program: 49,
      volume: 84,
      reverb: 90,
      notes: phrase('[E2,B2]:36 [D#2,A2]:6', { velocity: 58 }),
    },
    {
      name: 'voices',
      program: 53,
      volume: 92,
      pan: 0.2,
      reverb: 110,
      notes: phrase('[B3,E4]:6 [Bb3,Eb4]:6 [A3,D4]:6 [Ab3,Db4]:6 [G3,C4]:3 [F#3,B3]:3', {
        at: 12,
        velocity: 66,
      }),
    },
    {
      name: 'celesta',
      program: 8,
      volume: 86,
      pan: 0.35,
      reverb: 120,
      notes: [
        ...phrase('r:1 B5:0.5 C6:0.5 B5:1', { at: 6, velocity: 56 }),
        ...phrase('r:1 F6:0.5 E6:0.5 Bb5:1', { at: 18, velocity: 56 }),
        ...phrase('r:1 B5:0.5 C6:0.5 F5:1', { at: 30, velocity: 56 }),
      ],
    },
    {
      name: 'heartbeat',
      program: 48,
      drums: true,
      volume: 92,
      reverb: 50,
      notes: drums({ deepKick: 'x.o.........' }, { step: 0.25, times: 14 }),
    },
  ],
}
