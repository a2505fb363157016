import { useState, type FormEvent } from 'react'
import { Loader2, Upload } from 'lucide-react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Progress } from '~/components/ui/progress'
import { Select } from '~/components/ui/select'
import type { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'
import { AUDIO_ACCEPT, uploadAudio, type UploadState } from '~/lib/audio_upload'
import { capitalize } from '~/lib/utils'

type Track = Data.Media.MusicTrack

export const MOODS = ['chill', 'epic', 'horror', 'uplifting'] as const

type Fields = {
  title: string
  artist: string
  mood: string
  duration: string
  fileUrl: string
  thumbnailUrl: string
}

const EMPTY: Fields = {
  title: '',
  artist: '',
  mood: '',
  duration: '',
  fileUrl: '',
  thumbnailUrl: '',
}

function fieldsOf(track: Track | null): Fields {
  if (!track) return EMPTY
  return {
    title: track.title,
    artist: track.artist ?? '',
    mood: track.mood,
    duration: String(track.duration),
    fileUrl: track.fileUrl,
    thumbnailUrl: track.thumbnailUrl,
  }
}

const UPLOAD_LABELS: Record<UploadState['name'], string> = {
  waiting: 'Waiting…',
  preprocessing: 'Preparing upload…',
  uploading: 'Uploading…',
  postprocessing: 'Checking the audio…',
  complete: 'Upload complete',
  error: 'Upload failed',
}

type Errors = Partial<Record<keyof Fields, string>>

/** The server's messages (app/media/validators/music_track.ts) for what the browser can check itself. */
function missingFields(fields: Fields): Errors {
  const errors: Errors = {}
  if (fields.title.trim() === '') errors.title = 'Title is required'
  if (fields.mood === '') errors.mood = 'Mood is required'
  return errors
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The track being edited; null adds one. */
  track: Track | null
  /** The page's writes: the library reloads with the answer. */
  write: ReturnType<typeof usePageWrite>
  onSaved: () => void
}

/**
 * docs/product.md, "Music Library (/admin/music)": add or edit
 * mode; saving returns to the list and resets the form.
 */
export function MusicTrackDialog({ open, onOpenChange, track, write, onSaved }: Props) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(track))
  const [upload, setUpload] = useState<UploadState | null>(null)
  const uploading = upload !== null && !['complete', 'error'].includes(upload.name)
  const saving = write.processing
  const [missing, setMissing] = useState<Errors>({})
  const errors: Errors = { ...write.errors, ...missing }

  function forgetErrors(...names: (keyof Fields)[]) {
    write.clearErrors(...names)
    setMissing((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([name]) => !names.includes(name as keyof Fields))
      )
    )
  }

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }))
    forgetErrors(name)
  }

  async function chooseFile(file: File | undefined) {
    if (!file) return
    const uploaded = await uploadAudio(file, setUpload)
    if (uploaded) {
      setFields((current) => ({
        ...current,
        fileUrl: uploaded.fileUrl,
        duration: String(uploaded.duration),
        title: current.title || file.name.replace(/\.[^.]+$/, ''),
      }))
      forgetErrors('fileUrl', 'duration', ...(fields.title ? [] : (['title'] as const)))
      toast.success('Upload Complete', { description: 'Audio file uploaded successfully' })
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    const refused = missingFields(fields)
    setMissing(refused)
    if (Object.keys(refused).length > 0) return
    const data = {
      title: fields.title,
      artist: fields.artist || null,
      mood: fields.mood,
      duration: fields.duration === '' ? undefined : Number(fields.duration),
      fileUrl: fields.fileUrl,
      thumbnailUrl: fields.thumbnailUrl,
    }
    const options = (title: string) => ({
      refusal: { title },
      fields: Object.keys(EMPTY),
      only: ['tracks'],
    })
    const saved = track
      ? await write.send(
          'put',
          client.urlFor('admin.music_track_forms.update', { id: track.id }),
          data,
          options('Failed to update music track')
        )
      : await write.send(
          'post',
          client.urlFor('admin.music_track_forms.store'),
          data,
          options('Failed to save music track')
        )
    if (saved) {
      setFields(EMPTY)
      setMissing({})
      setUpload(null)
      onSaved()
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{track ? 'Edit Music Track' : 'Add New Music Track'}</DialogTitle>
          <DialogDescription>MP3, WAV, M4A or AAC, up to 50 MB.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} noValidate className="space-y-4">
          <Field label="Title" id="track-title" error={errors.title}>
            <Input
              id="track-title"
              value={fields.title}
              onChange={(e) => set('title')(e.target.value)}
            />
          </Field>
          <Field label="Artist (optional)" id="track-artist" error={errors.artist}>
            <Input
              id="track-artist"
              value={fields.artist}
              onChange={(e) => set('artist')(e.target.value)}
            />
          </Field>
          <Field label="Mood" id="track-mood" error={errors.mood}>
            <Select
              id="track-mood"
              value={fields.mood}
              onValueChange={set('mood')}
              aria-invalid={errors.mood ? true : undefined}
            >
              <option value="" disabled>
                Choose a mood
              </option>
              {MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {capitalize(mood)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Audio file" id="track-file" error={errors.fileUrl}>
            <Input
              id="track-file"
              type="file"
              accept={AUDIO_ACCEPT}
              disabled={uploading}
              onChange={(e) => void chooseFile(e.target.files?.[0])}
            />
            {upload && (
              <div className="space-y-1" role="status" aria-live="polite">
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  {uploading ? (
                    <Loader2 className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <Upload className="size-4" aria-hidden />
                  )}
                  <span data-upload-state={upload.name}>{UPLOAD_LABELS[upload.name]}</span>
                  {upload.name === 'uploading' && (
                    <span className="tabular-nums">{upload.percent}%</span>
                  )}
                </p>
                {upload.name === 'uploading' && (
                  <Progress value={upload.percent} aria-label="Upload progress" />
                )}
                {upload.name === 'error' && (
                  <p className="text-sm text-destructive">{upload.message}</p>
                )}
              </div>
            )}
            {fields.fileUrl && (
              <p className="text-xs text-muted-foreground break-all">{fields.fileUrl}</p>
            )}
          </Field>
          <Field label="Duration (seconds)" id="track-duration" error={errors.duration}>
            <Input
              id="track-duration"
              type="number"
              min={1}
              step={1}
              value={fields.duration}
              onChange={(e) => set('duration')(e.target.value)}
            />
          </Field>
          <Field label="Thumbnail URL (optional)" id="track-thumbnail" error={errors.thumbnailUrl}>
            <Input
              id="track-thumbnail"
              type="url"
              value={fields.thumbnailUrl}
              onChange={(e) => set('thumbnailUrl')(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || uploading}>
              {saving && <Loader2 className="animate-spin" aria-hidden />}
              {track ? 'Update Track' : 'Add Track'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function Field({
  label,
  id,
  error,
  children,
}: {
  label: string
  id: string
  error?: string
  children: React.ReactNode
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  )
}
