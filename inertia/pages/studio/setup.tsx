import { Suspense, useState } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import type { Data } from '@generated/data'
import { pictureCredits, scriptCredits, speechUnits } from '@shared/script_plan'
import { AspectRatioCard } from '~/components/studio/aspect_ratio_card'
import type { CaptionChoices } from '~/components/studio/captions_card'
import { GenerationModeCard } from '~/components/studio/generation_mode_card'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import { ScriptCard } from '~/components/studio/script_card'
import type { SetupBrand } from '~/components/studio/setup/brand_picker_card'
import type { SetupLanguage } from '~/components/studio/setup/language_card'
import { SetupSummary } from '~/components/studio/setup/setup_summary'
import { StyleCard, type StyleOption } from '~/components/studio/style_card'
import { VoiceCard } from '~/components/studio/voice_card'
import { useAudioPreview } from '~/hooks/use_audio_preview'
import { usePictures } from '~/hooks/studio/use_pictures'
import { useSetupChoices, type SetupDefaults } from '~/hooks/studio/use_setup_choices'
import { useStillsProgress, type Stills } from '~/hooks/studio/use_stills_progress'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { Skeleton } from '~/components/ui/skeleton'
import { lazyNamed } from '~/lib/lazy'

/** Image to Video's card loads when that mode is chosen, not with every /setup. */
const PicturesCard = lazyNamed(
  () => import('~/components/studio/pictures/pictures_card'),
  'PicturesCard'
)

/** The Music card, below the fold: its code loads after the page paints. */
const MusicCard = lazyNamed(() => import('~/components/studio/music_card'), 'MusicCard')

/** The Brand Kit card, for plans with brand kits: its code loads only for them. */
const BrandPickerCard = lazyNamed(
  () => import('~/components/studio/setup/brand_picker_card'),
  'BrandPickerCard'
)

/** The language picker: its code loads after the page paints. */
const LanguageCard = lazyNamed(
  () => import('~/components/studio/setup/language_card'),
  'LanguageCard'
)

/** The Captions card, last of the choices: its code loads after the page paints. */
const CaptionsCard = lazyNamed(() => import('~/components/studio/captions_card'), 'CaptionsCard')

type SetupProps = {
  /** GET /api/voice-providers?language= as a prop; null when the voice provider did not answer. */
  voiceProviders: Data.Media.VoiceProvider[] | null
  /** GET /api/music-tracks as a prop. */
  musicTracks: Data.Media.MusicTrack[]
  /** An AI-images project just made here (?stills=id): how many of its stills are drawn. */
  stills: Stills | null
  /** The brand kits the plan lets a new video use (none on plans without them). */
  brands: SetupBrand[]
  styles: StyleOption[]
  captionChoices: CaptionChoices
  scriptLengths: number[]
  defaults: SetupDefaults
  /** The languages a video is narrated in: the pace its script is cut and charged at, its notes. */
  languages: SetupLanguage[]
  /** A link's ?prompt&style&duration: each value kept only when usable. */
  prefill: { prompt: string | null; style: string | null; duration: number | null }
}

export default function Setup({
  voiceProviders,
  musicTracks,
  stills,
  brands,
  styles,
  captionChoices,
  scriptLengths,
  defaults,
  languages,
  prefill,
}: SetupProps) {
  const { user } = usePage<SharedProps>().props
  const [languageName, setLanguageName] = useState(defaults.language)
  const language = languages.find((entry) => entry.name === languageName) ?? languages[0]
  const pictures = usePictures()
  const choices = useSetupChoices({ pictures, voiceProviders, styles, defaults, language, prefill })
  const units = speechUnits(choices.script, language)
  const pictureMode = choices.mode === 'image-to-video'
  const [captions, setCaptions] = useState(defaults.captions)
  const [brand, setBrand] = useState<SetupBrand | null>(null)
  const [sending, setSending] = useState(false)
  const [reloadingVoices, setReloadingVoices] = useState(false)
  const preview = useAudioPreview()
  const write = usePageWrite()
  const busy = sending || stills !== null

  /** The voices of the video's language (?language=, kept in the address), asked of the server again. */
  function reloadVoices(chosen = language.name) {
    router.reload({
      only: ['voiceProviders'],
      data: { language: chosen },
      onStart: () => setReloadingVoices(true),
      onFinish: () => setReloadingVoices(false),
    })
  }

  function openStoryboard(projectId: number) {
    setSending(true)
    preview.stop()
    router.visit(client.urlFor('studio.storyboard.show', { projectId }), {
      onFinish: () => setSending(false),
    })
  }
  const stillsShown = useStillsProgress(stills, openStoryboard)

  // Answered with the storyboard, or this page again while an AI-images project's stills are drawn.
  async function createProject() {
    if (!choices.complete || !choices.project || busy || reloadingVoices) return
    setSending(true)
    preview.stop()
    await write.send(
      'post',
      client.urlFor('studio.setup.store'),
      { ...choices.project, captions, brand_id: brand?.id ?? null },
      {
        preserveScroll: false,
        refusal: { title: 'Error: Failed to create project. Please try again.' },
      }
    )
    setSending(false)
  }

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
        <OfflinePreviewNotice mode={pictureMode ? 'image-to-video' : 'ai-images'} />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            {brands.length > 0 && (
              <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                <BrandPickerCard
                  brands={brands}
                  value={brand}
                  onChange={setBrand}
                  choices={choices}
                  musicTracks={musicTracks}
                  onCaptions={setCaptions}
                  disabled={busy}
                />
              </Suspense>
            )}
            <GenerationModeCard value={choices.mode} onChange={choices.setMode} disabled={busy} />
            <Suspense fallback={<Skeleton className="h-36 w-full" />}>
              <LanguageCard
                languages={languages}
                value={language.name}
                onChange={(name) => {
                  setLanguageName(name)
                  reloadVoices(name)
                }}
                disabled={busy}
              />
            </Suspense>
            {pictureMode && (
              <Suspense
                fallback={<div className="h-48 animate-pulse rounded-xl border bg-muted" />}
              >
                <PicturesCard pictures={pictures} words={units} pace={language} disabled={busy} />
              </Suspense>
            )}
            <ScriptCard
              overPictures={pictureMode}
              language={language}
              script={choices.script}
              onScriptChange={choices.setScript}
              style={choices.style}
              scriptLengths={scriptLengths}
              defaultLength={defaults.aiScriptSeconds}
              onGenerated={choices.takeGenerated}
              fitTo={choices.fitTo}
              balance={user?.credits ?? null}
              disabled={busy}
            />
            <StyleCard
              styles={styles}
              value={choices.style}
              onChange={choices.setStyle}
              disabled={busy}
            />
            <VoiceCard
              status={reloadingVoices ? 'loading' : voiceProviders ? 'success' : 'error'}
              providers={voiceProviders ?? undefined}
              onRetry={() => reloadVoices()}
              offlineReading={language.offlineReading}
              value={choices.voice}
              onChange={choices.setVoice}
              preview={preview}
              disabled={busy}
            />
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <MusicCard
                status="success"
                tracks={musicTracks}
                onRetry={() => router.reload({ only: ['musicTracks'] })}
                defaultMood={defaults.mood}
                value={choices.music}
                onChange={choices.setMusic}
                preview={preview}
                disabled={busy}
              />
            </Suspense>
            <AspectRatioCard
              value={choices.aspectRatio}
              onChange={choices.setAspectRatio}
              disabled={busy}
            />
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <CaptionsCard
                choices={captionChoices}
                value={captions}
                onChange={setCaptions}
                aspectRatio={choices.aspectRatio}
                script={choices.script}
                language={language.name}
                disabled={busy}
              />
            </Suspense>
          </div>

          <SetupSummary
            words={units}
            pace={language}
            credits={
              pictureMode
                ? pictureCredits(pictures.ready.length)
                : scriptCredits(choices.script, language)
            }
            balance={user?.credits ?? null}
            targetSeconds={choices.targetSeconds}
            brandSeconds={brand?.addedSeconds ?? 0}
            stills={stillsShown}
            busy={busy}
            canContinue={choices.complete && !busy && !reloadingVoices}
            onContinue={() => void createProject()}
          />
        </div>
      </div>
    </>
  )
}
