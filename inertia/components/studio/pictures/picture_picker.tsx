import { useRef } from 'react'
import { ImagePlus } from 'lucide-react'
import { UploadStateText } from '~/components/studio/pictures/upload_state_text'
import { Button, type ButtonProps } from '~/components/ui/button'
import type { PictureUpload } from '~/hooks/studio/use_picture_upload'
import type { UploadedPicture } from '~/lib/picture_upload'
import { PICTURE_ACCEPT } from '~/lib/picture_accept'

type PicturePickerProps = {
  upload: PictureUpload
  label: string
  /** Called with the accepted picture once the upload is checked. */
  onPicture?: (picture: UploadedPicture) => void
  disabled?: boolean
  size?: ButtonProps['size']
}

/** A button that picks one picture and uploads it, with the upload's state under it. */
export function PicturePicker({ upload, label, onPicture, disabled, size }: PicturePickerProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className="space-y-1">
      <Button
        type="button"
        variant="outline"
        size={size}
        disabled={disabled || upload.working}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={async (event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) return
          const picture = await upload.upload(file)
          if (picture) onPicture?.(picture)
        }}
      />
      {upload.state && <UploadStateText state={upload.state} />}
    </div>
  )
}
