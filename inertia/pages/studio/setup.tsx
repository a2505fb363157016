import { Suspense, useRef, useState } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { ArrowRight, Loader2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import { AspectRatioCard } from '~/components/studio/aspect_ratio_card'
import { CreditEstimateCard } from '~/components/studio/credit_estimate_card'
import { GenerationModeCard } from '~/components/studio/generation_mode_card'
import { MusicCard } from '~/components/studio/music_card'
import { ScriptCard, type GeneratedScript } from '~/components/studio/script_card'
import { StyleCard, type StyleOption } from '~/components/studio/style_card'
import { VoiceCard, type VoiceChoice } from '~/components/studio/voice_card'
import { Button } from '~/components/ui/button'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import { useAudioPreview } from '~/hooks/use_audio_preview'
import { usePolling } from '~/hooks/use_polling'
import { apiRequest, errorMessage } from '~/lib/api'
import { client } from '~/lib/client'
import { SCRIPT_MAX_CHARS, countWords, hasWord } from '~/lib/studio'
import { scriptCredits } from '@shared/script_plan'
import type { Data } from '@generated/data'
import { lazyNamed } from '~/lib/lazy'

/** Shown only while the stills of an images-to-video project are made: loaded then. */
const ThumbnailProgressCard = lazyNamed(
  () => import('~/components/studio/thumbnail_progress_card'),
  'ThumbnailProgressCard'
)

type AspectRatio = Data.Studio.Project['aspect_ratio']
type GenerationMode = Data.Studio.Project['generation_mode']
type MusicTrack = Data.Media.MusicTrack
type Scene = Data.Studio.Scene
type VoiceProvider = Data.Media.VoiceProvider

type SetupProps = {
  /** GET /api/voice-providers as a prop; null when the voice provider did not answer. */
  voiceProviders: VoiceProvider[] | null
  /** GET /api/music-tracks as a prop. */
  musicTracks: MusicTrack[]
  styles: StyleOption[]
  scriptLengths: number[]
  defaults: {
    style: string
    aspectRatio: string
    targetSeconds: number
    aiScriptSeconds: number
    mood: string
    language: string
  }
  /** The video page's Duplicate: each value kept only when usable. */
  prefill: { prompt: string | null; style: string | null; duration: number | null }
}

const DEFAULT_VOICE_PROVIDER = 'elevenlabs'
const THUMBNAIL_POLL_MS = 5000
const THUMBNAIL_POLL_TRIES = 60
const ASPECT_RATIOS: AspectRatio[] = ['9:16', '1:1', '16:9']

type Phase =
  | { name: 'editing' }
  | { name: 'creating' }
  | { name: 'thumbnails'; projectId: number; ready: number; total: number }
  | { name: 'leaving' }

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

export default function Setup({
  voiceProviders,
  musicTracks,
  styles,
  scriptLengths,
  defaults,
  prefill,
}: SetupProps) {
  const { user } = usePage<SharedProps>().props

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
  const [phase, setPhase] = useState<Phase>({ name: 'editing' })

  // ai-images-to-video: the scene-list poll's ETag and try count
  const thumbnailPoll = useRef({ etag: null as string | null, tries: 0 })
  const pollingProjectId = phase.name === 'thumbnails' ? phase.projectId : null

  const [reloadingVoices, setReloadingVoices] = useState(false)
  const preview = useAudioPreview()

  function reloadVoices() {
    router.reload({
      only: ['voiceProviders'],
      async: true,
      onStart: () => setReloadingVoices(true),
      onFinish: () => setReloadingVoices(false),
    })
  }

  const voice =
    chosenVoice && voiceExists(voiceProviders, chosenVoice)
      ? chosenVoice
      : defaultVoice(voiceProviders)
  const targetSeconds = aiLength ?? prefill.duration ?? defaults.targetSeconds
  const words = countWords(script)
  const estimate = scriptCredits(script)
  const busy = phase.name !== 'editing'

  const canContinue =
    hasWord(script) &&
    style !== '' &&
    voice !== null &&
    Boolean(aspectRatio) &&
    targetSeconds > 0 &&
    // image-to-video would also need a source image; it is not offered yet
    mode !== 'image-to-video' &&
    !busy

  function handleGenerated(result: GeneratedScript) {
    setScript(result.script.slice(0, SCRIPT_MAX_CHARS))
    setAiLength(result.seconds)
  }

  function openStoryboard(projectId: number) {
    setPhase({ name: 'leaving' })
    preview.stop()
    router.visit(client.urlFor('studio.storyboard.show', { projectId }), {
      onFinish: () => setPhase({ name: 'editing' }),
    })
  }

  async function createProject() {
    if (!canContinue || !voice) {
      return
    }
    setPhase({ name: 'creating' })
    try {
      const project = await apiRequest<{ id: number }>(
        'POST',
        client.urlFor('studio.projects.store'),
        {
          script,
          style,
          styleTemplate: '',
          music: music
            ? { id: music.id, url: music.fileUrl, mode: 'track', mood: music.mood }
            : null,
          voice: { id: voice.id, provider: voice.provider, speed: 1, language: defaults.language },
          aspect_ratio: aspectRatio,
          target_seconds: targetSeconds,
          generation_mode: mode,
          source_image_url: null,
          status: 'draft',
        }
      )
      if (mode === 'ai-images-to-video') {
        thumbnailPoll.current = { etag: null, tries: 0 }
        setPhase({ name: 'thumbnails', projectId: project.id, ready: 0, total: 0 })
      } else {
        openStoryboard(project.id)
      }
    } catch (error) {
      toast.error('Error: Failed to create project. Please try again.', {
        description: errorMessage(error),
      })
      setPhase({ name: 'editing' })
    }
  }

  // ai-images-to-video: wait until every scene has its still (or failed); usePolling calls the latest one
  async function pollThumbnails() {
    if (pollingProjectId === null) {
      return
    }
    const poll = thumbnailPoll.current
    poll.tries += 1
    try {
      const { apiGetConditional } = await import('~/lib/api_conditional')
      const result = await apiGetConditional<Scene[]>(
        client.urlFor('studio.projects.scenes', { id: pollingProjectId }),
        poll.etag
      )
      poll.etag = result.etag
      if (result.modified) {
        const scenes = result.data
        const ready = scenes.filter((scene) => scene.thumbnailUrl).length
        const settled = scenes.filter(
          (scene) => scene.thumbnailUrl || scene.status === 'failed'
        ).length
        if (scenes.length > 0 && settled === scenes.length) {
          openStoryboard(pollingProjectId)
          return
        }
        setPhase((current) =>
          current.name === 'thumbnails' && current.projectId === pollingProjectId
            ? { ...current, ready, total: scenes.length }
            : current
        )
      }
    } catch (error) {
      console.error('Scene status check failed', error)
    }
    if (poll.tries >= THUMBNAIL_POLL_TRIES) {
      toast.error('Thumbnail generation timed out. Please try again.')
      openStoryboard(pollingProjectId)
    }
  }

  usePolling(pollThumbnails, pollingProjectId === null ? null : THUMBNAIL_POLL_MS, {
    immediate: true,
  })

  return (
    <>
      <Head title="Set your video style" />
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Set your video style</h1>
          <p className="text-muted-foreground">
            Write a script, pick a look and a voice, then continue to the storyboard.
          </p>
        </div>
        <OfflinePreviewNotice />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            <GenerationModeCard value={mode} onChange={setMode} disabled={busy} />
            <ScriptCard
              movement={mode === 'image-to-video'}
              script={script}
              onScriptChange={setScript}
              style={style}
              scriptLengths={scriptLengths}
              defaultLength={defaults.aiScriptSeconds}
              onGenerated={handleGenerated}
              balance={user?.credits ?? null}
              disabled={busy}
            />
            <StyleCard styles={styles} value={style} onChange={setStyle} disabled={busy} />
            <VoiceCard
              status={reloadingVoices ? 'loading' : voiceProviders ? 'success' : 'error'}
              providers={voiceProviders ?? undefined}
              onRetry={reloadVoices}
              value={voice}
              onChange={setChosenVoice}
              preview={preview}
              disabled={busy}
            />
            <MusicCard
              status="success"
              tracks={musicTracks}
              onRetry={() => router.reload({ only: ['musicTracks'], async: true })}
              defaultMood={defaults.mood}
              value={music}
              onChange={setMusic}
              preview={preview}
              disabled={busy}
            />
            <AspectRatioCard value={aspectRatio} onChange={setAspectRatio} disabled={busy} />
          </div>

          <aside aria-label="Summary" className="space-y-4 lg:sticky lg:top-6">
            <CreditEstimateCard
              words={words}
              credits={estimate}
              balance={user?.credits ?? null}
              targetSeconds={targetSeconds}
            />
            {phase.name === 'thumbnails' && (
              <Suspense fallback={null}>
                <ThumbnailProgressCard ready={phase.ready} total={phase.total} />
              </Suspense>
            )}
            <Button
              type="button"
              size="lg"
              className="w-full"
              disabled={!canContinue}
              onClick={() => void createProject()}
            >
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Continue to Storyboard
              {!busy && <ArrowRight aria-hidden />}
            </Button>
          </aside>
        </div>
      </div>
    </>
  )
}
