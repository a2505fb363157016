import { useState, type FormEvent } from 'react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { MusicTrackForm } from '~/components/admin/music_track_form'
import {
  EMPTY,
  type Errors,
  type Fields,
  fieldsOf,
  missingFields,
} from '~/components/admin/music_track_fields'
import type { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'
import { uploadAudio, type UploadState } from '~/lib/audio_upload'

type Track = Data.Media.MusicTrack

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
        <MusicTrackForm
          fields={fields}
          errors={errors}
          set={set}
          upload={upload}
          uploading={uploading}
          saving={saving}
          editing={track !== null}
          chooseFile={chooseFile}
          onSubmit={(event) => void save(event)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  )
}
