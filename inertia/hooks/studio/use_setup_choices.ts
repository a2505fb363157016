import { useState } from 'react'
import type { Data } from '@generated/data'
import type { GeneratedScript } from '~/components/studio/script_card'
import type { StyleOption } from '~/components/studio/style_card'
import type { CaptionChoice } from '~/components/studio/captions_card'
import type { VoiceChoice } from '~/components/studio/voice_card'
import { pictureWordRange, speechUnits, type SpeechPace } from '@shared/script_plan'
import type { UploadedPicture } from '~/lib/picture_upload'
import { SCRIPT_MAX_CHARS, hasWord } from '~/lib/studio'

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']
type GenerationMode = Data.Studio.Project.Variants['forPage']['generationMode']
type MusicTrack = Data.Media.MusicTrack
type VoiceProvider = Data.Media.VoiceProvider

const DEFAULT_VOICE_PROVIDER = 'elevenlabs'
const ASPECT_RATIOS: AspectRatio[] = ['9:16', '1:1', '16:9']

export type SetupDefaults = {
  style: string
  aspectRatio: string
  targetSeconds: number
  aiScriptSeconds: number
  mood: string
  language: string
  /** The creator's last caption choice, or the video's that Duplicate copies. */
  captions: CaptionChoice
}

type SetupSources = {
  /** Image to Video's accepted pictures, in order, and whether more are on their way. */
  pictures: { ready: UploadedPicture[]; working: boolean }
  voiceProviders: VoiceProvider[] | null
  styles: StyleOption[]
  defaults: SetupDefaults
  /** The video's language (its stored name) and pace: what a picture's five seconds hold. */
  language: SpeechPace & { name: string }
  prefill: { prompt: string | null; style: string | null; duration: number | null }
}

function defaultVoice(providers: VoiceProvider[] | null): VoiceChoice | null {
  if (!providers) {
    return null
  }
  const ordered = [
    ...providers.filter((provider) => provider.id === DEFAULT_VOICE_PROVIDER),
    ...providers.filter((provider) => provider.id !== DEFAULT_VOICE_PROVIDER),
  ]
  for (const provider of ordered) {
    const [first] = provider.voices
    if (first) {
      return { provider: provider.id, id: first.id }
    }
  }
  return null
}

function voiceExists(providers: VoiceProvider[] | null, voice: VoiceChoice) {
  return (providers ?? []).some(
    (provider) =>
      provider.id === voice.provider && provider.voices.some((entry) => entry.id === voice.id)
  )
}

/**
 * What the setup page's cards choose (docs/product.md, "Setup (/setup)"):
 * script, mode, style, voice, music and shape (the language is the page's, as
 * it reloads the voices), from the defaults and the
 * prefill a link brings (?prompt&style&duration); and the project they make.
 */
export function useSetupChoices({
  pictures,
  voiceProviders,
  styles,
  defaults,
  language,
  prefill,
}: SetupSources) {
  const [mode, setMode] = useState<GenerationMode>('text-to-video')
  const [script, setScript] = useState(() => (prefill.prompt ?? '').slice(0, SCRIPT_MAX_CHARS))
  const [style, setStyle] = useState(() => {
    const wanted = prefill.style ?? defaults.style
    return styles.some((option) => option.id === wanted) ? wanted : (styles[0]?.id ?? '')
  })
  const [chosenVoice, setChosenVoice] = useState<VoiceChoice | null>(null)
  const [music, setMusic] = useState<MusicTrack | null>(null)
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(() =>
    ASPECT_RATIOS.includes(defaults.aspectRatio as AspectRatio)
      ? (defaults.aspectRatio as AspectRatio)
      : '9:16'
  )
  const [aiLength, setAiLength] = useState<number | null>(null)

  const voice =
    chosenVoice && voiceExists(voiceProviders, chosenVoice)
      ? chosenVoice
      : defaultVoice(voiceProviders)
  const targetSeconds = aiLength ?? prefill.duration ?? defaults.targetSeconds

  const pictureMode = mode === 'image-to-video'
  const range = pictureWordRange(pictures.ready.length, language)
  const words = speechUnits(script, language)
  // Image to Video: at least one accepted picture, none still arriving, and a script they can narrate.
  const picturesReady =
    !pictureMode ||
    (pictures.ready.length > 0 && !pictures.working && words >= range.fewest && words <= range.most)

  const complete =
    hasWord(script) &&
    style !== '' &&
    voice !== null &&
    Boolean(aspectRatio) &&
    targetSeconds > 0 &&
    picturesReady

  /** The project as POST /setup takes it: only the fields its validator keeps. */
  const project = voice && {
    script,
    style,
    music: music ? { id: music.id, mode: 'track' } : null,
    voice: { id: voice.id, provider: voice.provider, speed: 1, language: language.name },
    aspect_ratio: aspectRatio,
    target_seconds: targetSeconds,
    generation_mode: mode,
    ...(pictureMode ? { picture_ids: pictures.ready.map((picture) => picture.id) } : {}),
  }

  return {
    mode,
    setMode,
    script,
    setScript,
    style,
    setStyle,
    voice,
    setVoice: setChosenVoice,
    music,
    setMusic,
    aspectRatio,
    setAspectRatio,
    targetSeconds,
    complete,
    project,
    /** Over pictures, an AI script keeps to what they can narrate, cut at a sentence end. */
    fitTo: pictureMode && pictures.ready.length > 0 ? { most: range.most, pace: language } : null,
    takeGenerated: (result: GeneratedScript) => {
      setScript(result.script.slice(0, SCRIPT_MAX_CHARS))
      setAiLength(result.seconds)
    },
  }
}
