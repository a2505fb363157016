import type { JSONDataTypes } from '@adonisjs/core/types/transformers'

/**
 * Shapes the studio pages receive from the server (props and /api answers).
 */

export type AspectRatio = '9:16' | '1:1' | '16:9'

export type GenerationMode = 'text-to-video' | 'image-to-video' | 'ai-images-to-video'

export type ProjectStatus = 'draft' | 'queued' | 'processing' | 'rendering' | 'done' | 'failed'

export type SceneStatus = 'pending' | 'processing' | 'completed' | 'failed'

export type Scene = {
  id: number
  projectId: number
  prompt: string
  duration: number
  order: number
  status: SceneStatus
  thumbnailUrl: string | null
  videoUrl: string | null
  errorMessage: string | null
  errorTitle: string | null
}

export type Project = {
  id: number
  script: string
  style: string
  aspect_ratio: AspectRatio
  status: ProjectStatus
  duration: number
  /** What Generate Final Video charges now (less credits a cancelled run prepaid). */
  creditsNeeded: number
  progressPercent: number
  error: string | null
  scenes: Scene[]
  /** The rest of the project (voice, music, createdAt …); JSON so it can be a page prop. */
  [key: string]: JSONDataTypes
}

export type StyleOption = {
  id: string
  name: string
  swatch: string[]
}

export type Voice = {
  id: string
  name: string
  language: string
}

export type VoiceProvider = {
  id: string
  name: string
  voices: Voice[]
}

export type MusicMood = 'chill' | 'epic' | 'horror' | 'uplifting'

export type MusicTrack = {
  id: number
  title: string
  artist: string | null
  mood: string
  duration: number
  fileUrl: string
  thumbnailUrl: string | null
}

export type SetupDefaults = {
  style: string
  aspectRatio: string
  targetSeconds: number
  aiScriptSeconds: number
  mood: string
  language: string
}

export type SetupPrefill = {
  prompt: string | null
  style: string | null
  duration: number | null
}
