import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runFfmpeg } from '#media/ffmpeg/tools'
import type { Mood } from '#media/models/music_track'

type Bed = { title: string; fileName: string; mood: Mood; duration: number; expression: string }

const arpeggio = (notes: number[], perSecond: number) => {
  const step = `floor(mod(t*${perSecond}\\,${notes.length}))`
  const frequency = notes.map((note, index) => `${note}*eq(${step}\\,${index})`).join('+')
  return `0.35*sin(2*PI*t*(${frequency}))*exp(-5*mod(t\\,${1 / perSecond}))`
}

/**
 * The library a fresh install starts with: two synthesised beds per mood,
 * each with its own character, made offline with ffmpeg.
 */
const BEDS: Bed[] = [
  {
    title: 'Lo-fi Drift',
    fileName: 'chill-lofi-drift.mp3',
    mood: 'chill',
    duration: 40,
    expression:
      '0.12*(sin(2*PI*220*t)+sin(2*PI*277.18*t)+sin(2*PI*329.63*t))*(0.6+0.4*sin(2*PI*0.25*t))+0.01*(random(0)*2-1)',
  },
  {
    title: 'Evening Tide',
    fileName: 'chill-evening-tide.mp3',
    mood: 'chill',
    duration: 45,
    expression:
      '0.12*(sin(2*PI*196*t)+sin(2*PI*246.94*t)+sin(2*PI*293.66*t))*(0.55+0.45*sin(2*PI*0.1*t))+0.06*sin(2*PI*98*t)',
  },
  {
    title: 'Rising Legion',
    fileName: 'epic-rising-legion.mp3',
    mood: 'epic',
    duration: 40,
    expression:
      '0.25*sin(2*PI*55*t)+0.18*sin(2*PI*82.41*t)+0.45*sin(2*PI*60*t)*exp(-20*mod(t\\,0.5))+0.15*(random(0)*2-1)*exp(-30*mod(t\\,0.75))',
  },
  {
    title: 'Titan March',
    fileName: 'epic-titan-march.mp3',
    mood: 'epic',
    duration: 45,
    expression:
      '0.22*sin(2*PI*73.42*t)+0.16*sin(2*PI*110*t)*(0.7+0.3*sin(2*PI*0.5*t))+0.4*sin(2*PI*50*t)*exp(-15*mod(t\\,0.6))',
  },
  {
    title: 'Hollow Corridor',
    fileName: 'horror-hollow-corridor.mp3',
    mood: 'horror',
    duration: 40,
    expression:
      '0.22*sin(2*PI*100*t)+0.22*sin(2*PI*103*t)+0.03*sin(2*PI*(1500+200*sin(2*PI*0.1*t))*t)',
  },
  {
    title: 'Whispers Below',
    fileName: 'horror-whispers-below.mp3',
    mood: 'horror',
    duration: 45,
    expression:
      '0.12*(random(0)*2-1)*(0.5+0.5*sin(2*PI*0.125*t))+0.2*sin(2*PI*48*t)+0.05*sin(2*PI*311*t)*sin(2*PI*0.3*t)',
  },
  {
    title: 'Bright Horizon',
    fileName: 'uplifting-bright-horizon.mp3',
    mood: 'uplifting',
    duration: 40,
    expression: `${arpeggio([261.63, 329.63, 392, 523.25], 4)}+0.06*(sin(2*PI*130.81*t)+sin(2*PI*196*t))`,
  },
  {
    title: 'Morning Run',
    fileName: 'uplifting-morning-run.mp3',
    mood: 'uplifting',
    duration: 45,
    expression: `${arpeggio([293.66, 369.99, 440, 587.33, 440, 369.99], 5)}+0.07*sin(2*PI*146.83*t)`,
  },
]

export const DEFAULT_MUSIC = BEDS.map(({ expression: _expression, ...track }) => track)

/**
 * Renders one bed to MP3 bytes.
 */
export async function synthesizeBed(fileName: string): Promise<Buffer> {
  const bed = BEDS.find((candidate) => candidate.fileName === fileName)
  if (!bed) {
    throw new Error(`No music bed named ${fileName}`)
  }
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-music-'))
  try {
    const output = join(dir, bed.fileName)
    await runFfmpeg({ ffmpeg: ffmpegPath() }, [
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=exprs='${bed.expression}':s=44100:d=${bed.duration}`,
      '-af',
      `afade=t=in:d=2,afade=t=out:st=${bed.duration - 3}:d=3`,
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      output,
    ])
    return await readFile(output)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
