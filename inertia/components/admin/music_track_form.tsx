import type { FormEvent } from 'react'
import { Loader2 } from 'lucide-react'
import { MOODS, type Errors, type Fields } from '~/components/admin/music_track_fields'
import { UploadStatus } from '~/components/admin/music_track_upload'
import { Button } from '~/components/ui/button'
import { DialogFooter } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Select } from '~/components/ui/select'
import { AUDIO_ACCEPT, type UploadState } from '~/lib/audio_upload'
import { capitalize } from '~/lib/utils'
import { Field } from '~/components/admin/admin_form'

type Props = {
  fields: Fields
  errors: Errors
  set: (name: keyof Fields) => (value: string) => void
  upload: UploadState | null
  uploading: boolean
  saving: boolean
  /** The track being edited, or none: the submit button says which. */
  editing: boolean
  chooseFile: (file: File | undefined) => Promise<void>
  onSubmit: (event: FormEvent) => void
  onCancel: () => void
}

/** The track's fields, the audio file's upload, and Cancel / Add (or Update) Track. */
export function MusicTrackForm({
  fields,
  errors,
  set,
  upload,
  uploading,
  saving,
  editing,
  chooseFile,
  onSubmit,
  onCancel,
}: Props) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
        {upload && <UploadStatus upload={upload} uploading={uploading} />}
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
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || uploading}>
          {saving && <Loader2 className="animate-spin" aria-hidden />}
          {editing ? 'Update Track' : 'Add Track'}
        </Button>
      </DialogFooter>
    </form>
  )
}
