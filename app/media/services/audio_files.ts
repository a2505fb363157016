import { probe } from '#media/ffmpeg/probe'

/**
 * The audio files the music library takes (docs/product.md): the extension, what the
 * bytes must start with, and the demuxer ffprobe must read them with.
 */
export const AUDIO_KINDS = {
  mp3: { contentType: 'audio/mpeg', format: 'mp3' },
  wav: { contentType: 'audio/wav', format: 'wav' },
  m4a: { contentType: 'audio/mp4', format: 'mov,mp4,m4a,3gp,3g2,mj2' },
  aac: { contentType: 'audio/aac', format: 'aac' },
} as const

export type AudioKind = keyof typeof AUDIO_KINDS

export const AUDIO_EXTENSIONS = Object.keys(AUDIO_KINDS) as AudioKind[]

export const MAX_AUDIO_BYTES = 50 * 1024 * 1024

/** Object names under music/: lower-case, one of the four extensions. */
export const MUSIC_OBJECT_NAME = /^[a-z0-9][a-z0-9._-]*\.(mp3|wav|m4a|aac)$/

export function audioKindOf(fileName: string): AudioKind | null {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase()
  return (AUDIO_EXTENSIONS as string[]).includes(extension) ? (extension as AudioKind) : null
}

/** Whether the first bytes are those of the kind's container. */
export function startsLike(kind: AudioKind, head: Uint8Array) {
  const text = (start: number, end: number) =>
    Buffer.from(head.subarray(start, end)).toString('latin1')
  switch (kind) {
    case 'mp3':
      // an ID3 tag, or an MPEG audio layer III frame header
      return (
        text(0, 3) === 'ID3' ||
        (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) === 0x02)
      )
    case 'wav':
      return text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE'
    case 'm4a':
      return text(4, 8) === 'ftyp'
    case 'aac':
      // ADTS frame header, or ADIF
      return (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) || text(0, 4) === 'ADIF'
  }
}

export type AudioInspection = { status: 'audio'; durationSeconds: number } | { status: 'not_audio' }

/**
 * Reads a file the way ffmpeg will: it must hold an audio stream, no
 * picture stream, in the kind's own container, and last at least a second.
 */
export async function inspectAudio(path: string, kind: AudioKind): Promise<AudioInspection> {
  try {
    const result = await probe(path)
    const audio = result.streams.some((stream) => stream.codecType === 'audio')
    const video = result.streams.some((stream) => stream.codecType === 'video')
    const duration = Math.round(result.durationSeconds)
    if (!audio || video || result.formatName !== AUDIO_KINDS[kind].format || !(duration >= 1)) {
      return { status: 'not_audio' }
    }
    return { status: 'audio', durationSeconds: duration }
  } catch {
    return { status: 'not_audio' }
  }
}
