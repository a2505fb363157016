import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { ArrowLeft, ArrowRight, ImageOff, ImagePlus, Link2, Loader2, X } from 'lucide-react'
import { MAX_PICTURES, pictureWordRange, type SpeechPace } from '@shared/script_plan'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { UploadStateText } from '~/components/studio/pictures/upload_state_text'
import type { PictureItem, Pictures } from '~/hooks/studio/use_pictures'
import { PICTURE_ACCEPT } from '~/lib/picture_accept'
import { cn } from '~/lib/utils'

type PicturesCardProps = {
  pictures: Pictures
  /** The script's words (characters, unspaced): the card says when they do not fit the pictures. */
  words: number
  pace: SpeechPace
  disabled?: boolean
}

/**
 * Image to Video's pictures (docs/product.md, Image to Video): dropped,
 * picked (several at once) or pasted as an address; each uploads with its
 * progress and can be moved or removed before the storyboard is made.
 */
export function PicturesCard({ pictures, words, pace, disabled }: PicturesCardProps) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [url, setUrl] = useState('')
  const hintId = useId()
  const { items, ready } = pictures
  const full = items.length >= MAX_PICTURES

  function drop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    pictures.addFiles([...event.dataTransfer.files])
  }

  function submitUrl(event: FormEvent) {
    event.preventDefault()
    const address = url.trim()
    if (!address) return
    pictures.addUrl(address)
    setUrl('')
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="pictures-title">Pictures</h2>
        </CardTitle>
        <CardDescription id={hintId}>
          1–{MAX_PICTURES} of your own pictures, each one a 5-second scene in this order. JPEG, PNG,
          WebP or AVIF, up to 20 MB each.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          onDragOver={(event) => {
            event.preventDefault()
            if (!disabled) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-border'
          )}
        >
          <ImagePlus className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">Drag pictures here, or</p>
          <Button
            type="button"
            variant="outline"
            disabled={disabled || full}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            Choose pictures
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept={PICTURE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose pictures"
            onChange={(event) => {
              pictures.addFiles([...(event.target.files ?? [])])
              event.target.value = ''
            }}
          />
        </div>

        <form onSubmit={submitUrl} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="picture-url" className="sr-only">
            Picture address
          </label>
          <Input
            id="picture-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/photo.jpg"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            disabled={disabled || full}
          />
          <Button type="submit" variant="outline" disabled={disabled || full || !url.trim()}>
            <Link2 aria-hidden />
            Add from URL
          </Button>
        </form>

        {items.length > 0 && (
          <ol aria-label="Your pictures" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {items.map((item, index) => (
              <PictureTile
                key={item.key}
                item={item}
                position={index + 1}
                last={index === items.length - 1}
                pictures={pictures}
                disabled={disabled}
              />
            ))}
          </ol>
        )}

        <PictureCount ready={ready.length} words={words} pace={pace} />
      </CardContent>
    </Card>
  )
}

function PictureCount({ ready, words, pace }: { ready: number; words: number; pace: SpeechPace }) {
  if (ready === 0) {
    return <p className="text-sm text-muted-foreground">No pictures yet.</p>
  }
  const { fewest, most } = pictureWordRange(ready, pace)
  return (
    <div className="space-y-1 text-sm" aria-live="polite">
      <p>
        {ready} {ready === 1 ? 'picture' : 'pictures'}: {ready * 5} seconds of video.
      </p>
      {words > most && (
        <p className="text-destructive">
          Your script has {words} {pace.unit}s; {ready}{' '}
          {ready === 1 ? 'picture narrates' : 'pictures narrate'} at most {most}. Add pictures or
          shorten the script.
        </p>
      )}
      {words > 0 && words < fewest && (
        <p className="text-destructive">Write at least one word for each picture.</p>
      )}
    </div>
  )
}

type PictureTileProps = {
  item: PictureItem
  position: number
  last: boolean
  pictures: Pictures
  disabled?: boolean
}

function PictureTile({ item, position, last, pictures, disabled }: PictureTileProps) {
  const { state } = item
  const name = `picture ${position}`
  // The browser could not draw the file (not a picture, or a kind it cannot show).
  const [undrawable, setUndrawable] = useState<string | null>(null)
  const refused = state.name === 'error'
  const drawable = item.preview !== null && item.preview !== undrawable && !refused
  return (
    <li className="space-y-1.5">
      <div
        className={cn(
          'relative aspect-square overflow-hidden rounded-md border bg-muted',
          refused && 'border-destructive/40 bg-destructive/10'
        )}
      >
        {drawable ? (
          <img
            src={item.preview!}
            alt={`Picture ${position}: ${item.label}`}
            className={cn('size-full object-cover', state.name !== 'complete' && 'opacity-60')}
            onError={() => setUndrawable(item.preview)}
          />
        ) : (
          (refused || item.preview !== null) && (
            <div
              data-testid="picture-placeholder"
              className={cn(
                'flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs',
                refused ? 'text-destructive' : 'text-muted-foreground'
              )}
            >
              <ImageOff className="size-6" aria-hidden />
              {refused ? 'Not added' : 'No preview'}
            </div>
          )
        )}
        {state.name !== 'complete' && state.name !== 'error' && (
          <div className="absolute inset-0 grid place-items-center">
            <Loader2 className="size-6 animate-spin text-foreground" aria-hidden />
          </div>
        )}
        <Button
          type="button"
          size="icon"
          variant="secondary"
          className="absolute top-1 right-1 size-7"
          onClick={() => pictures.remove(item.key)}
          disabled={disabled}
          aria-label={`Remove ${name}`}
        >
          <X aria-hidden />
        </Button>
      </div>
      <p className="truncate text-xs font-medium" title={item.label}>
        {position}. {item.label}
      </p>
      <UploadStateText state={state} />
      <div className="flex gap-1">
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-7"
          disabled={disabled || position === 1}
          onClick={() => pictures.move(item.key, -1)}
          aria-label={`Move ${name} earlier`}
        >
          <ArrowLeft aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-7"
          disabled={disabled || last}
          onClick={() => pictures.move(item.key, 1)}
          aria-label={`Move ${name} later`}
        >
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </li>
  )
}
