import { Suspense, useState, type FormEvent } from 'react'
import { Loader2 } from 'lucide-react'
import type { Data } from '@generated/data'
import type { CaptionChoice, CaptionChoices } from '~/components/studio/captions_card'
import type { StyleOption } from '~/components/studio/style_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Field } from '~/components/ui/field'
import { VoiceOptions, voiceKey, voiceOfKey } from '~/components/studio/voice_options'
import { Select } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import { PicturePicker } from '~/components/studio/pictures/picture_picker'
import { usePictureUpload } from '~/hooks/studio/use_picture_upload'
import { lazyNamed } from '~/lib/lazy'

const CaptionsCard = lazyNamed(() => import('~/components/studio/captions_card'), 'CaptionsCard')

type Brand = Data.Studio.Brand

/** What the form offers besides the kit itself: the page's props. */
export type BrandOptions = {
  styles: StyleOption[]
  aspectRatios: string[]
  captionChoices: CaptionChoices
  /** Null when the voice provider did not answer. */
  voiceProviders: Data.Media.VoiceProvider[] | null
  musicTracks: Data.Media.MusicTrack[]
}

/** The kit as POST /brands and PATCH /brands/:id take it (docs/product.md, Brand kits). */
export type BrandPayload = {
  name: string
  primary_color: string
  accent_color: string
  captions: CaptionChoice | null
  logo: { picture_id: number | null; corner: string; size: number; opacity: number }
  intro: { title: string; seconds: number } | null
  outro: { line: string; seconds: number } | null
  defaults: {
    voice: { id: string; provider: string } | null
    music_track_id: number | null
    style: string | null
    aspect_ratio: string | null
  }
}

/** The fields whose errors show beside their controls; any other refusal is a toast. */
export const BRAND_FIELDS = [
  'name',
  'primary_color',
  'accent_color',
  'logo.picture_id',
  'logo.size',
  'logo.opacity',
  'intro.title',
  'intro.seconds',
  'outro.line',
  'outro.seconds',
]

const CORNERS = [
  ['top-left', 'Top left'],
  ['top-right', 'Top right'],
  ['bottom-left', 'Bottom left'],
  ['bottom-right', 'Bottom right'],
] as const

const HEX = /^#[0-9A-Fa-f]{6}$/

function snakeCaptions(captions: NonNullable<Brand['captions']>): CaptionChoice {
  const { textColor, highlightColor, ...rest } = captions
  return { ...rest, text_color: textColor, highlight_color: highlightColor } as CaptionChoice
}

type Draft = {
  name: string
  primary: string
  accent: string
  captions: CaptionChoice | null
  /** The logo picture and its small copy; null: no logo. */
  logo: { id: number; url: string | null } | null
  corner: string
  size: string
  opacity: string
  introOn: boolean
  introTitle: string
  introSeconds: string
  outroOn: boolean
  outroLine: string
  outroSeconds: string
  voice: string
  music: string
  style: string
  aspectRatio: string
}

function draftOf(brand: Brand | null): Draft {
  return {
    name: brand?.name ?? '',
    primary: brand?.primaryColor ?? '#1E3A8A',
    accent: brand?.accentColor ?? '#FFE14D',
    captions: brand?.captions ? snakeCaptions(brand.captions) : null,
    logo: brand?.logo.pictureId ? { id: brand.logo.pictureId, url: brand.logo.url } : null,
    corner: brand?.logo.corner ?? 'top-right',
    size: String(brand?.logo.size ?? 12),
    opacity: String(brand?.logo.opacity ?? 90),
    introOn: Boolean(brand?.intro),
    introTitle: brand?.intro?.title ?? brand?.name ?? '',
    introSeconds: String(brand?.intro?.seconds ?? 1.5),
    outroOn: Boolean(brand?.outro),
    outroLine: brand?.outro?.line ?? '',
    outroSeconds: String(brand?.outro?.seconds ?? 2.5),
    voice: brand?.defaults.voice ? voiceKey(brand.defaults.voice) : '',
    music: brand?.defaults.musicTrackId ? String(brand.defaults.musicTrackId) : '',
    style: brand?.defaults.style ?? '',
    aspectRatio: brand?.defaults.aspectRatio ?? '',
  }
}

function payloadOf(draft: Draft): BrandPayload {
  return {
    name: draft.name,
    primary_color: draft.primary,
    accent_color: draft.accent,
    captions: draft.captions,
    logo: {
      picture_id: draft.logo?.id ?? null,
      corner: draft.corner,
      size: Number(draft.size),
      opacity: Number(draft.opacity),
    },
    intro: draft.introOn ? { title: draft.introTitle, seconds: Number(draft.introSeconds) } : null,
    outro: draft.outroOn ? { line: draft.outroLine, seconds: Number(draft.outroSeconds) } : null,
    defaults: {
      voice: draft.voice ? voiceOfKey(draft.voice) : null,
      music_track_id: draft.music ? Number(draft.music) : null,
      style: draft.style || null,
      aspect_ratio: draft.aspectRatio || null,
    },
  }
}

type BrandFormProps = {
  /** The kit edited; null: a new one. */
  brand: Brand | null
  options: BrandOptions
  errors: Record<string, string>
  saving: boolean
  /** Resolves to true once saved (the page shows the toasts); the form then closes. */
  onSave: (payload: BrandPayload) => Promise<boolean>
  onCancel: () => void
}

function ColourField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <Field id={id} label={label} error={error}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          className="block h-9 w-12 shrink-0 cursor-pointer rounded-md border"
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </Field>
  )
}

/**
 * The brand kit's form on /brands: every field POST /brands takes, each
 * error beside its control; the logo is uploaded as Image to Video's
 * pictures are, and checked the same way.
 */
export function BrandForm({ brand, options, errors, saving, onSave, onCancel }: BrandFormProps) {
  const [draft, setDraft] = useState(() => draftOf(brand))
  const logoUpload = usePictureUpload()
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const invalid = (name: string) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${name.replace('.', '-')}-error` }
      : {}

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (logoUpload.working) return
    void onSave(payloadOf(draft))
  }

  const title = brand ? `Edit ${brand.name}` : 'New brand kit'
  return (
    <form onSubmit={submit} aria-label={title} className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{title}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field id="name" label="Name" error={errors.name}>
              <Input
                id="name"
                value={draft.name}
                maxLength={60}
                required
                autoFocus
                {...invalid('name')}
                onChange={(event) => set({ name: event.target.value })}
              />
            </Field>
          </div>
          <ColourField
            id="primary_color"
            label="Primary colour"
            value={draft.primary}
            error={errors.primary_color}
            onChange={(primary) => set({ primary })}
          />
          <ColourField
            id="accent_color"
            label="Accent colour"
            value={draft.accent}
            error={errors.accent_color}
            onChange={(accent) => set({ accent })}
          />

          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold">Logo</legend>
            <div className="flex flex-wrap items-start gap-4 sm:col-span-3">
              <div
                className="flex size-20 shrink-0 items-center justify-center rounded-md border bg-[repeating-conic-gradient(#e5e7eb_0_25%,transparent_0_50%)] bg-size-[16px_16px]"
                aria-hidden
              >
                {draft.logo?.url ? (
                  <img
                    src={draft.logo.url}
                    alt=""
                    className="max-h-full max-w-full object-contain"
                  />
                ) : (
                  <span className="text-xs text-muted-foreground">No logo</span>
                )}
              </div>
              <div className="space-y-2">
                <PicturePicker
                  upload={logoUpload}
                  label={draft.logo ? 'Replace logo' : 'Upload logo'}
                  size="sm"
                  onPicture={(picture) =>
                    set({ logo: { id: picture.id, url: picture.thumbnailUrl } })
                  }
                />
                {draft.logo && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      logoUpload.reset()
                      set({ logo: null })
                    }}
                  >
                    Remove logo
                  </Button>
                )}
                <p className="text-xs text-muted-foreground">
                  PNG, WebP or JPEG; transparency is kept.
                </p>
                {errors['logo.picture_id'] && (
                  <p id="logo-picture_id-error" className="text-sm text-destructive">
                    {errors['logo.picture_id']}
                  </p>
                )}
              </div>
            </div>
            <Field id="logo-corner" label="Corner">
              <Select
                id="logo-corner"
                value={draft.corner}
                onValueChange={(corner) => set({ corner })}
              >
                {CORNERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="logo-size" label="Size (%)" error={errors['logo.size']} hint="5–30">
              <Input
                id="logo-size"
                type="number"
                min={5}
                max={30}
                step={1}
                value={draft.size}
                {...invalid('logo.size')}
                onChange={(event) => set({ size: event.target.value })}
              />
            </Field>
            <Field
              id="logo-opacity"
              label="Opacity (%)"
              error={errors['logo.opacity']}
              hint="10–100"
            >
              <Input
                id="logo-opacity"
                type="number"
                min={10}
                max={100}
                step={1}
                value={draft.opacity}
                {...invalid('logo.opacity')}
                onChange={(event) => set({ opacity: event.target.value })}
              />
            </Field>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold">Intro card</legend>
            <div className="flex items-center gap-2">
              <Checkbox
                id="intro-on"
                checked={draft.introOn}
                onCheckedChange={(introOn) => set({ introOn })}
              />
              <Label htmlFor="intro-on">Show an intro card</Label>
            </div>
            {draft.introOn && (
              <>
                <Field id="intro-title" label="Title" error={errors['intro.title']}>
                  <Input
                    id="intro-title"
                    value={draft.introTitle}
                    maxLength={80}
                    {...invalid('intro.title')}
                    onChange={(event) => set({ introTitle: event.target.value })}
                  />
                </Field>
                <Field
                  id="intro-seconds"
                  label="Seconds"
                  error={errors['intro.seconds']}
                  hint="1–2"
                >
                  <Input
                    id="intro-seconds"
                    type="number"
                    min={1}
                    max={2}
                    step={0.1}
                    value={draft.introSeconds}
                    {...invalid('intro.seconds')}
                    onChange={(event) => set({ introSeconds: event.target.value })}
                  />
                </Field>
              </>
            )}
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold">Outro card</legend>
            <div className="flex items-center gap-2">
              <Checkbox
                id="outro-on"
                checked={draft.outroOn}
                onCheckedChange={(outroOn) => set({ outroOn })}
              />
              <Label htmlFor="outro-on">Show an outro card</Label>
            </div>
            {draft.outroOn && (
              <>
                <Field id="outro-line" label="Call to action" error={errors['outro.line']}>
                  <Input
                    id="outro-line"
                    value={draft.outroLine}
                    maxLength={80}
                    placeholder="Follow @handle"
                    {...invalid('outro.line')}
                    onChange={(event) => set({ outroLine: event.target.value })}
                  />
                </Field>
                <Field
                  id="outro-seconds"
                  label="Seconds"
                  error={errors['outro.seconds']}
                  hint="2–3"
                >
                  <Input
                    id="outro-seconds"
                    type="number"
                    min={2}
                    max={3}
                    step={0.1}
                    value={draft.outroSeconds}
                    {...invalid('outro.seconds')}
                    onChange={(event) => set({ outroSeconds: event.target.value })}
                  />
                </Field>
              </>
            )}
          </fieldset>

          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">A new video starts with</legend>
            <Field id="default-style" label="Style">
              <Select
                id="default-style"
                value={draft.style}
                onValueChange={(style) => set({ style })}
              >
                <option value="">The usual default</option>
                {options.styles.map((style) => (
                  <option key={style.id} value={style.id}>
                    {style.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="default-aspect-ratio" label="Aspect ratio">
              <Select
                id="default-aspect-ratio"
                value={draft.aspectRatio}
                onValueChange={(aspectRatio) => set({ aspectRatio })}
              >
                <option value="">The usual default</option>
                {options.aspectRatios.map((ratio) => (
                  <option key={ratio} value={ratio}>
                    {ratio}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id="default-voice"
              label="Voice"
              hint={options.voiceProviders ? undefined : 'The voices could not be listed just now.'}
            >
              <Select
                id="default-voice"
                value={draft.voice}
                onValueChange={(voice) => set({ voice })}
              >
                <option value="">The usual default</option>
                <VoiceOptions providers={options.voiceProviders} />
              </Select>
            </Field>
            <Field id="default-music" label="Music track">
              <Select
                id="default-music"
                value={draft.music}
                onValueChange={(music) => set({ music })}
              >
                <option value="">The usual default</option>
                {options.musicTracks.map((track) => (
                  <option key={track.id} value={String(track.id)}>
                    {track.title} ({track.mood})
                  </option>
                ))}
              </Select>
            </Field>
          </fieldset>

          <div className="flex items-center gap-2 sm:col-span-2">
            <Checkbox
              id="captions-on"
              checked={draft.captions !== null}
              onCheckedChange={(on) =>
                set({ captions: on ? (options.captionChoices.styles[0]?.defaults ?? null) : null })
              }
            />
            <Label htmlFor="captions-on">Give the kit its own caption style</Label>
          </div>
        </CardContent>
      </Card>

      {draft.captions && (
        <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
          <CaptionsCard
            choices={options.captionChoices}
            value={draft.captions}
            onChange={(captions) => set({ captions })}
            aspectRatio={draft.aspectRatio || '9:16'}
            script={draft.introOn && draft.introTitle ? draft.introTitle : draft.name}
          />
        </Suspense>
      )}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving && <Loader2 className="animate-spin" aria-hidden />}
          {saving ? 'Saving...' : brand ? 'Save changes' : 'Create brand kit'}
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
