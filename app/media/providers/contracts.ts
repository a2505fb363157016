import type { Language, StyleId } from '#core/vocabulary'
import type { VideoPost } from '#shared/video_post'

/**
 * The media module's shared types: what the studio asks of an AI back end
 * and what the renderer is given. Two drivers implement the providers,
 * chosen by AI_DRIVER: `local` (offline, real output) and `fal` (fal.ai,
 * ElevenLabs). Inputs and outputs are plain data; the media module never
 * sees a project or a scene. The renderer (`render/`) reads these types; the
 * providers never read the renderer.
 */

export const ASPECT_RATIOS = ['9:16', '1:1', '16:9'] as const
export type AspectRatio = (typeof ASPECT_RATIOS)[number]

/** A video's quality: the shorter side of its frame. */
export type Quality = '720p' | '1080p' | '2160p'

/** A video frame, in pixels. */
export type RenderSize = { width: number; height: number }

export type ScriptRequest = {
  /** What the video is about, in the user's words. */
  description: string
  style: StyleId
  mood: string
  /** Target length in seconds, at the language's pace (English: about seconds × 2.5 words). */
  targetSeconds: number
  language: Language
}

export type WrittenScript = {
  /** What the narrator says and the scenes show: the one text the user sees and edits. */
  script: string
}

/** A finished video's script, to write its post from (docs/product.md, Ready to post). */
export type PostRequest = {
  script: string
  /** The narration's language: the post is written in it. */
  language: Language
  /** Aborts a network call; the post is then written offline. */
  signal?: AbortSignal
}

/** A series' topics to write (docs/series.md, Topics): `count` of them about one subject. */
export type TopicsRequest = {
  /** What the series is about, in the customer's words ("home coffee brewing"). */
  about: string
  count: number
  language: Language
}

export type WrittenTopics = {
  /** Exactly the count asked for, distinct, each one a series takes as typed. */
  topics: string[]
  /** The language they are written in: English when written offline in another's stead. */
  language: Language
}

export interface ScriptWriter {
  write(request: ScriptRequest): Promise<WrittenScript>
  /** Whether it writes in `language`; one it does not is written in English. */
  writes(language: string): boolean
  /** The video's title, description and hashtags; never fails (offline when the LLM does). */
  post(request: PostRequest): Promise<VideoPost>
  /** A series' topics; never fails (offline when the LLM does). */
  topics(request: TopicsRequest): Promise<WrittenTopics>
}

export type ImageRequest = {
  /** The full prompt: the style template applied to the scene text. */
  prompt: string
  /** The scene's own words (the local driver draws what they name, and shows them as a caption). */
  sceneText: string
  /** False: the picture alone, without the words burned in (a clip burns in its own). */
  caption?: boolean
  style: StyleId
  aspectRatio: AspectRatio
  /** Same seed, same image; callers pass something stable per scene. */
  seed: number
  /** Output width in pixels; height follows the aspect ratio. */
  width: number
}

export type GeneratedImage = {
  data: Buffer
  contentType: 'image/jpeg' | 'image/png'
  width: number
  height: number
}

export interface ImageGenerator {
  generate(request: ImageRequest): Promise<GeneratedImage>
}

export type Voice = { id: string; name: string; language: string }
export type VoiceProvider = { id: string; name: string; voices: Voice[] }

export type AudioClip = { data: Buffer; contentType: 'audio/wav' | 'audio/mpeg' }

export interface VoiceCatalog {
  /** Every voice, or with `language` (a catalogue name) only those that speak it. */
  providers(language?: string): Promise<VoiceProvider[]>
  /** A short spoken sample of the voice; undefined for an unknown voice. */
  preview(providerId: string, voiceId: string): Promise<AudioClip | undefined>
}

/** A word of a narration and when it is heard, in milliseconds from the start. */
export type TimedWord = { text: string; startMs: number; endMs: number }

export type Speech = {
  audio: Buffer
  contentType: 'audio/wav' | 'audio/mpeg'
  /** Every word of the text, in order, timed: captions are shown from these. */
  words: TimedWord[]
}

/**
 * How to speak a text: `speed` 1 is the voice's natural pace; the texts
 * spoken before and after it (a video's neighbouring scenes) let a voice
 * that reads context keep its intonation across the joins.
 */
export type SpeechOptions = { speed: number; previousText?: string; nextText?: string }

export interface VoiceSynthesizer {
  synthesize(text: string, voiceId: string, options: SpeechOptions): Promise<Speech>
}

/**
 * What a scene's clip starts from: the still the storyboard shows, drawn
 * from `request` (the offline driver writes the scene's words on it), or
 * the creator's own picture (`own`, docs/product.md, Image to Video),
 * already framed to the clip's frame by `framePicture`: it is animated as it
 * is, never drawn again nor cropped another way.
 */
export type StoryboardStill =
  | {
      own?: false
      request: ImageRequest
      /** The stored still, read only by a generator that uses it as it is. */
      read(): Promise<Buffer>
    }
  | {
      own: true
      /** The framed picture: a JPEG of exactly the clip's width × height. */
      read(): Promise<Buffer>
    }

export type ClipRequest = {
  /** The scene's still or picture; null asks for a clip from the prompt alone (text-to-video). */
  still: StoryboardStill | null
  /** What the scene shows, in words, in the project's style. */
  prompt: string
  /** The scene's position: it picks the camera move. */
  index: number
  /** The frame the clip will fill, in pixels. */
  width: number
  height: number
  /** Where a generated video may be written; the caller removes it. */
  workDir: string
  signal?: AbortSignal
  /** The provider's request from an earlier try (see onSubmitted): waited for, not paid again. */
  resume?: string
  /** Told the provider's request id once submitted, for a retry to resume. */
  onSubmitted?: (requestId: string) => Promise<void>
}

/**
 * What a scene's moving picture is made from: a still the renderer moves a
 * camera over, or a video made elsewhere that it fits to the frame. Either
 * way the renderer encodes it once, with captions and watermark.
 */
export type ClipSource = { kind: 'still'; image: Buffer } | { kind: 'video'; path: string }

/**
 * A clip generator's answer: the clip's source, with what the caller stores
 * beside it. A video made from text alone brings a JPEG of its first frame
 * to stand for the scene, which has no still; one made from a still does not.
 */
export type GeneratedClip =
  | { kind: 'still'; image: Buffer; contentType: GeneratedImage['contentType'] }
  | { kind: 'video'; path: string; firstFrame: Buffer | null }

export interface ClipGenerator {
  /**
   * The frame shapes `clip` can make from text alone (a null still); for
   * the others, and when empty, the caller draws a still first.
   */
  readonly textAspectRatios: readonly AspectRatio[]
  clip(request: ClipRequest): Promise<GeneratedClip>
}

/**
 * Why a provider call failed, in the categories the storyboard shows
 * (docs/product.md, Storyboard): an exhausted balance, a key or configuration problem, input the
 * provider rejected, a transient fault worth retrying, or anything else.
 */
export type ProviderFailureKind =
  'balance_exhausted' | 'configuration' | 'rejected_input' | 'transient' | 'failed'

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: ProviderFailureKind,
    options?: { cause?: unknown }
  ) {
    super(message, options)
    this.name = 'ProviderError'
  }
}

/**
 * Pixel size of an image for an aspect ratio at a given width (even numbers,
 * as video encoders need).
 */
export function sizeFor(aspectRatio: AspectRatio, width: number) {
  const [w, h] = aspectRatio.split(':').map(Number)
  const height = Math.round((width * h) / w / 2) * 2
  return { width: Math.round(width / 2) * 2, height }
}
