import { Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { FileText, Loader2, Sparkles, X } from 'lucide-react'
import { CSV_TOO_LONG, MAX_TOPICS_TEXT } from '@studio/series_limits'
import type { SetupBrand } from '~/components/studio/setup/brand_picker_card'
import type { StyleOption } from '~/components/studio/style_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { Field, FieldError } from '~/components/ui/field'
import { VoiceOptions, voiceKey, voiceOfKey } from '~/components/studio/voice_options'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import { Select } from '~/components/ui/select'
import { Textarea } from '~/components/ui/textarea'
import { lazyNamed } from '~/lib/lazy'
import { WEEKDAYS, csvRowCount } from '~/lib/series'
import type { GeneratedTopics } from '~/components/studio/series/generate_topics_form'

const GenerateTopicsForm = lazyNamed(
  () => import('~/components/studio/series/generate_topics_form'),
  'GenerateTopicsForm'
)

/** What the form offers: /series' props (docs/product.md, Series). */
export type SeriesFormOptions = {
  timeZone: string
  styles: StyleOption[]
  /** Null when the voice provider did not answer. */
  voiceProviders: Data.Media.VoiceProvider[] | null
  musicTracks: Data.Media.MusicTrack[]
  brands: SetupBrand[]
  aspectRatios: string[]
  scriptLengths: number[]
  defaults: { style: string; aspectRatio: string; targetSeconds: number; language: string }
}

/** The series as POST /series takes it (docs/series.md, Creating a series). */
export type SeriesPayload = {
  name: string
  topics?: string
  csv?: string
  schedule: { kind: 'now' | 'daily' | 'weekly'; time?: string; weekdays?: number[] }
  style: string
  voice: { provider: string; id: string; language: string }
  music: { id: number } | null
  aspect_ratio: string
  target_seconds: number
  brand_id: number | null
}

/** The fields whose errors show beside their controls; any other refusal is a toast. */
export const SERIES_FIELDS = [
  'name',
  'topics',
  'csv',
  'schedule',
  'schedule.kind',
  'schedule.time',
  'schedule.weekdays',
  'style',
  'voice',
  'voice.id',
  'voice.provider',
  'music',
  'aspect_ratio',
  'target_seconds',
  'brand_id',
]

const SCHEDULES = [
  ['now', 'Now, all of them', 'Every topic is made into a video right away.'],
  ['daily', 'Every day at', 'One video a day, at the time below.'],
  ['weekly', 'On weekdays', 'One video on each chosen day, at the time below.'],
] as const

type Kind = (typeof SCHEDULES)[number][0]

/** A CSV picked from disk: its name, text and rows under the header. */
type CsvFile = { name: string; text: string; rows: number }

function firstVoice(providers: Data.Media.VoiceProvider[] | null) {
  const provider = providers?.find((entry) => entry.voices.length > 0)
  return provider ? voiceKey({ provider: provider.id, id: provider.voices[0].id }) : ''
}

type SeriesFormProps = {
  options: SeriesFormOptions
  errors: Record<string, string>
  saving: boolean
  /** Sends the series; the page answers (its page on success, the errors here otherwise). */
  onSave: (payload: SeriesPayload) => void
  onCancel: () => void
  /** Forgets the named fields' errors: the topics' once the creator changes them. */
  clearErrors: (...fields: string[]) => void
}

/** Topics already typed, then the new ones not among them (the same words in any case). */
function withTopics(typed: string, added: string[]) {
  const lines = typed.split('\n').filter((line) => line.trim() !== '')
  const seen = new Set(lines.map((line) => line.trim().toLowerCase()))
  const fresh = added.filter((topic) => !seen.has(topic.trim().toLowerCase()))
  return { text: [...lines, ...fresh].join('\n'), added: fresh.length }
}

/**
 * /series' create form (docs/product.md, Series): a name, the topics typed
 * one per line or a CSV read here and sent as text, the schedule in the
 * account's time zone, and what each video is made with.
 */
export function SeriesForm({
  options,
  errors,
  saving,
  onSave,
  onCancel,
  clearErrors,
}: SeriesFormProps) {
  const [name, setName] = useState('')
  const [topics, setTopics] = useState('')
  const [csv, setCsv] = useState<CsvFile | null>(null)
  const [csvProblem, setCsvProblem] = useState<string | null>(null)
  /** What the last "Generate topics" added, said under the field. */
  const [generated, setGenerated] = useState<string | null>(null)
  const [kind, setKind] = useState<Kind>('daily')
  const [time, setTime] = useState('09:00')
  const [weekdays, setWeekdays] = useState<number[]>([1, 3, 5])
  const [style, setStyle] = useState(options.defaults.style)
  const [voice, setVoice] = useState(() => firstVoice(options.voiceProviders))
  const [music, setMusic] = useState('')
  const [aspectRatio, setAspectRatio] = useState(options.defaults.aspectRatio)
  const [targetSeconds, setTargetSeconds] = useState(String(options.defaults.targetSeconds))
  const [brand, setBrand] = useState('')
  const csvInput = useRef<HTMLInputElement>(null)

  /** A control's refusal, read out with it: its error sits under it as `<id>-error`. */
  const invalid = (field: string, id: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

  /** The topics changed: the last refusal of them (the server's, or a file too big) no longer applies. */
  function topicsChanged() {
    if (errors.topics || errors.csv) clearErrors('topics', 'csv')
    setCsvProblem(null)
  }

  function typeTopics(text: string) {
    topicsChanged()
    setTopics(text)
    if (text.trim() === '') setGenerated(null)
  }

  function addGenerated({ topics: written, note }: GeneratedTopics) {
    topicsChanged()
    const next = withTopics(topics, written)
    setCsv(null)
    setTopics(next.text)
    const added = `${next.added} ${next.added === 1 ? 'topic' : 'topics'} added: read and edit them before creating the series.`
    setGenerated(note ? `${added} ${note}` : added)
  }

  function removeCsv() {
    topicsChanged()
    setCsv(null)
  }

  async function pickCsv(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    topicsChanged()
    if (file.size > MAX_TOPICS_TEXT) {
      setCsvProblem(CSV_TOO_LONG)
      return
    }
    const text = await file.text()
    setCsvProblem(null)
    setCsv({ name: file.name, text, rows: csvRowCount(text) })
  }

  function chooseBrand(id: string) {
    setBrand(id)
    const kit = options.brands.find((entry) => String(entry.id) === id)
    if (!kit) return
    if (kit.style) setStyle(kit.style)
    if (kit.voice) setVoice(voiceKey(kit.voice))
    if (kit.musicTrackId) setMusic(String(kit.musicTrackId))
    if (kit.aspectRatio) setAspectRatio(kit.aspectRatio)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving || csvProblem) return
    const { provider, id } = voice ? voiceOfKey(voice) : { provider: '', id: '' }
    onSave({
      name,
      ...(csv ? { csv: csv.text } : { topics }),
      schedule:
        kind === 'now' ? { kind } : kind === 'daily' ? { kind, time } : { kind, time, weekdays },
      style,
      voice: { provider, id, language: options.defaults.language },
      music: music ? { id: Number(music) } : null,
      aspect_ratio: aspectRatio,
      target_seconds: Number(targetSeconds),
      brand_id: brand ? Number(brand) : null,
    })
  }

  const timeError = errors['schedule.time']
  const weekdaysError = errors['schedule.weekdays']
  return (
    <form onSubmit={submit} aria-label="New series" className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>New series</h2>
          </CardTitle>
          <CardDescription>
            Each topic becomes a video, made on the schedule below with no one pressing Generate.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Field id="series-name" label="Name" error={errors.name}>
            <Input
              id="series-name"
              value={name}
              maxLength={80}
              required
              autoFocus
              placeholder="Coffee tips"
              {...invalid('name', 'series-name')}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>

          <div className="space-y-1.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Label htmlFor="series-topics">Topics, one per line</Label>
              <div className="flex flex-wrap items-center gap-2">
                <Dialog>
                  <DialogTrigger asChild>
                    <Button type="button" variant="outline" size="sm">
                      <Sparkles aria-hidden />
                      Generate topics
                    </Button>
                  </DialogTrigger>
                  <Suspense fallback={null}>
                    <GenerateTopicsForm
                      language={options.defaults.language}
                      onGenerated={addGenerated}
                    />
                  </Suspense>
                </Dialog>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-describedby="series-csv-hint"
                  onClick={() => csvInput.current?.click()}
                >
                  <FileText aria-hidden />
                  Upload a CSV
                </Button>
                <input
                  ref={csvInput}
                  type="file"
                  accept=".csv,text/csv"
                  className="sr-only"
                  tabIndex={-1}
                  aria-label="Upload a CSV"
                  onChange={(event) => void pickCsv(event)}
                />
              </div>
            </div>
            {csv ? (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 p-3 text-sm">
                <span className="min-w-0 break-all">
                  <span className="font-medium">{csv.name}</span>: {csv.rows}{' '}
                  {csv.rows === 1 ? 'row' : 'rows'}
                </span>
                <Button type="button" variant="ghost" size="sm" onClick={removeCsv}>
                  <X aria-hidden />
                  Remove file
                </Button>
              </div>
            ) : (
              <Textarea
                id="series-topics"
                value={topics}
                rows={5}
                className="max-h-72"
                placeholder={'How to dial in an espresso\nWhy grind size matters'}
                {...invalid('topics', 'series-topics')}
                onChange={(event) => typeTopics(event.target.value)}
              />
            )}
            {generated && !csv && (
              <p role="status" className="text-sm">
                {generated}
              </p>
            )}
            <p id="series-csv-hint" className="text-xs text-muted-foreground">
              Up to 500 topics. A CSV has a header row with a <code>topic</code> column and an
              optional <code>script</code> column, 100 kB at most.
            </p>
            <FieldError id="series-topics-error" error={errors.topics} />
            <FieldError id="series-csv-error" error={csvProblem ?? errors.csv} />
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Schedule</legend>
            <RadioGroup
              aria-label="Schedule"
              value={kind}
              onValueChange={(value) => setKind(value as Kind)}
              className="gap-2 sm:grid-cols-3"
            >
              {SCHEDULES.map(([value, label, description]) => (
                <RadioCard key={value} value={value} className="p-3">
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block text-xs text-muted-foreground">{description}</span>
                </RadioCard>
              ))}
            </RadioGroup>
            {kind !== 'now' && (
              <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <Field id="schedule-time" label="Time" error={timeError}>
                  <Input
                    id="schedule-time"
                    type="time"
                    required
                    value={time}
                    {...invalid('schedule.time', 'schedule-time')}
                    onChange={(event) => setTime(event.target.value)}
                  />
                </Field>
                {kind === 'weekly' && (
                  <fieldset className="space-y-1.5">
                    <legend className="mb-1.5 text-sm font-medium">Days</legend>
                    <div className="flex flex-wrap gap-x-4 gap-y-2">
                      {WEEKDAYS.map(([day, short, long]) => (
                        <Label key={day} htmlFor={`weekday-${day}`} className="font-normal">
                          <Checkbox
                            id={`weekday-${day}`}
                            aria-label={long}
                            checked={weekdays.includes(day)}
                            onCheckedChange={(on) =>
                              setWeekdays((days) =>
                                on
                                  ? [...days, day].sort((a, b) => a - b)
                                  : days.filter((one) => one !== day)
                              )
                            }
                          />
                          {short}
                        </Label>
                      ))}
                    </div>
                    <FieldError id="schedule-weekdays-error" error={weekdaysError} />
                  </fieldset>
                )}
              </div>
            )}
            <p className="text-sm text-muted-foreground">
              Times are in your time zone, {options.timeZone}.{' '}
              <Link route="auth.profile.show" className="font-medium text-primary underline">
                Change it on your profile
              </Link>
            </p>
            <FieldError id="schedule-error" error={errors.schedule ?? errors['schedule.kind']} />
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Each video</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {options.brands.length > 0 && (
            <div className="sm:col-span-2">
              <Field
                id="series-brand"
                label="Brand kit"
                error={errors.brand_id}
                hint="A kit fills in its style, voice, music and shape, and adds its logo, intro and outro."
              >
                <Select
                  id="series-brand"
                  value={brand}
                  onValueChange={chooseBrand}
                  {...invalid('brand_id', 'series-brand')}
                >
                  <option value="">No brand kit</option>
                  {options.brands.map((kit) => (
                    <option key={kit.id} value={String(kit.id)}>
                      {kit.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          )}
          <Field id="series-style" label="Style" error={errors.style}>
            <Select
              id="series-style"
              value={style}
              onValueChange={setStyle}
              {...invalid('style', 'series-style')}
            >
              {options.styles.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="series-voice"
            label="Voice"
            error={errors.voice ?? errors['voice.id']}
            hint={options.voiceProviders ? undefined : 'The voices could not be listed just now.'}
          >
            <Select
              id="series-voice"
              value={voice}
              required
              onValueChange={setVoice}
              {...invalid('voice', 'series-voice')}
            >
              <VoiceOptions providers={options.voiceProviders} />
            </Select>
          </Field>
          <Field id="series-music" label="Music" error={errors.music}>
            <Select
              id="series-music"
              value={music}
              onValueChange={setMusic}
              {...invalid('music', 'series-music')}
            >
              <option value="">No music</option>
              {options.musicTracks.map((track) => (
                <option key={track.id} value={String(track.id)}>
                  {track.title} ({track.mood})
                </option>
              ))}
            </Select>
          </Field>
          <Field id="series-aspect-ratio" label="Aspect ratio" error={errors.aspect_ratio}>
            <Select
              id="series-aspect-ratio"
              value={aspectRatio}
              onValueChange={setAspectRatio}
              {...invalid('aspect_ratio', 'series-aspect-ratio')}
            >
              {options.aspectRatios.map((ratio) => (
                <option key={ratio} value={ratio}>
                  {ratio}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="series-length"
            label="Length"
            error={errors.target_seconds}
            hint="How long each written script is."
          >
            <Select
              id="series-length"
              value={targetSeconds}
              onValueChange={setTargetSeconds}
              {...invalid('target_seconds', 'series-length')}
            >
              {options.scriptLengths.map((seconds) => (
                <option key={seconds} value={String(seconds)}>
                  {seconds < 60 ? `${seconds} seconds` : `${seconds / 60} min`}
                </option>
              ))}
            </Select>
          </Field>
        </CardContent>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving || csvProblem !== null}>
          {saving && <Loader2 className="animate-spin" aria-hidden />}
          {saving ? 'Creating...' : 'Create series'}
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
