import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Check, X } from 'lucide-react'
import {
  HASHTAG_MAX,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
} from '@shared/video_post'
import type { Post } from '~/components/studio/player/ready_to_post'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'

/** The fields the edit form shows errors beside: each hashtag's too (`hashtags.2`). */
const FIELDS = [
  'title',
  'description',
  'hashtags',
  ...Array.from({ length: POST_HASHTAGS_MAX }, (_, index) => `hashtags.${index}`),
]

/** Typed hashtags as the list the server takes: split at spaces or commas, a missing # added. */
function hashtagsOf(text: string) {
  return text
    .split(/[\s,，、]+/u)
    .filter(Boolean)
    .map((tag) => (tag.startsWith('#') ? tag : `#${tag}`))
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  )
}

/** The edit form: the server's 422 messages beside their fields; Save answers with the player. */
export function EditPostForm({
  videoId,
  post,
  onDone,
}: {
  videoId: number
  post: Post
  onDone: () => void
}) {
  const write = usePageWrite()
  const { errors, processing } = write
  const [title, setTitle] = useState(post.title)
  const titleInput = useRef<HTMLInputElement>(null)
  // Edit mode opens on its first field.
  useEffect(() => titleInput.current?.focus(), [])
  const [description, setDescription] = useState(post.description)
  const [hashtags, setHashtags] = useState(post.hashtags.join(' '))
  // The hashtags as last sent: a refused one is named as it was sent, whatever was typed since.
  const [sent, setSent] = useState<string[]>([])
  const tagError =
    Object.entries(errors)
      .filter(([field]) => field.startsWith('hashtags'))
      .map(([field, message]) => {
        const index = Number(field.split('.')[1])
        return Number.isInteger(index) && sent[index] ? `“${sent[index]}”: ${message}` : message
      })
      .join(' ') || undefined

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = hashtagsOf(hashtags)
    setSent(typed)
    void write
      .send(
        'patch',
        client.urlFor('studio.player.update_post', { id: videoId }),
        { title, description, hashtags: typed },
        { fields: FIELDS, refusal: { title: 'The post was not saved' } }
      )
      .then((done) => {
        if (done) onDone()
      })
  }

  return (
    <form onSubmit={save} className="space-y-4" aria-label="Edit the post">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="post-title">Title</Label>
          <span className="text-xs text-muted-foreground" aria-hidden>
            {title.length}/{POST_TITLE_MAX}
          </span>
        </div>
        <Input
          id="post-title"
          ref={titleInput}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={POST_TITLE_MAX}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'post-title-error' : undefined}
        />
        <FieldError id="post-title-error" message={errors.title} />
      </div>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="post-description">Description</Label>
          <span className="text-xs text-muted-foreground" aria-hidden>
            {description.length}/{POST_DESCRIPTION_MAX.toLocaleString('en')}
          </span>
        </div>
        <Textarea
          id="post-description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={POST_DESCRIPTION_MAX}
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'post-description-error' : undefined}
        />
        <FieldError id="post-description-error" message={errors.description} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="post-hashtags">Hashtags</Label>
        <Input
          id="post-hashtags"
          value={hashtags}
          onChange={(event) => setHashtags(event.target.value)}
          aria-invalid={tagError ? true : undefined}
          aria-describedby={`post-hashtags-hint${tagError ? ' post-hashtags-error' : ''}`}
        />
        <p id="post-hashtags-hint" className="text-xs text-muted-foreground">
          {POST_HASHTAGS_MIN} to {POST_HASHTAGS_MAX}, separated by spaces: letters, digits or
          underscores, up to {HASHTAG_MAX} characters each.
        </p>
        <FieldError id="post-hashtags-error" message={tagError} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={processing}>
          <Check aria-hidden />
          {processing ? 'Saving...' : 'Save post'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={processing}>
          <X aria-hidden />
          Cancel
        </Button>
      </div>
    </form>
  )
}
