import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Data } from '@generated/data'
import { Check, ClipboardCopy, Pencil } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { lazyNamed } from '~/lib/lazy'
import { toast } from '~/lib/toast'

export type Post = NonNullable<Data.Studio.Video['post']>

// The form loads when Edit is pressed, not with the player.
const EditPostForm = lazyNamed(
  () => import('~/components/studio/player/edit_post_form'),
  'EditPostForm'
)

/** What a copy of the whole post pastes: title, description and hashtags, a blank line apart. */
function wholePost(post: Post) {
  return [post.title, post.description, post.hashtags.join(' ')].filter(Boolean).join('\n\n')
}

/** Copies `text`, said in a toast (read out by screen readers), and shows a tick for a moment. */
function CopyButton({ text, what, label }: { text: string; what: string; label?: string }) {
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(`${what} copied`)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      toast.error(`Couldn't copy the ${what.toLowerCase()}`, { description: text })
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void copy()}
      aria-label={label ?? `Copy ${what.toLowerCase()}`}
    >
      {copied ? <Check aria-hidden /> : <ClipboardCopy aria-hidden />}
      {label ?? 'Copy'}
    </Button>
  )
}

function PostField({
  label,
  copy,
  children,
}: {
  label: string
  copy: ReactNode
  children: ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
        {copy}
      </div>
      <dd className="break-words whitespace-pre-wrap">{children}</dd>
    </div>
  )
}

/**
 * Ready to post (docs/product.md, Ready to post): the title, description and
 * hashtags written from the video's script, each with Copy, and Edit.
 */
export function ReadyToPost({ videoId, post }: { videoId: number; post: Post }) {
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  // Leaving edit mode puts the focus back on Edit, where it was.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  return (
    <Card role="region" className="gap-4!" aria-labelledby="ready-to-post">
      <CardHeader>
        <CardTitle>
          <h2 id="ready-to-post">Ready to post</h2>
        </CardTitle>
        <CardDescription>
          A title, description and hashtags written from your script, for TikTok, Reels or Shorts.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {editing ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
            <EditPostForm videoId={videoId} post={post} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            <dl className="space-y-4 text-sm">
              <PostField label="Title" copy={<CopyButton text={post.title} what="Title" />}>
                <span className="font-medium">{post.title}</span>
              </PostField>
              <PostField
                label="Description"
                copy={
                  post.description ? (
                    <CopyButton text={post.description} what="Description" />
                  ) : null
                }
              >
                {post.description || <span className="text-muted-foreground">None</span>}
              </PostField>
              <PostField
                label="Hashtags"
                copy={<CopyButton text={post.hashtags.join(' ')} what="Hashtags" />}
              >
                <span className="flex flex-wrap gap-1.5">
                  {post.hashtags.map((tag) => (
                    <span key={tag} className="rounded-md bg-muted px-2 py-0.5 font-medium">
                      {tag}
                    </span>
                  ))}
                </span>
              </PostField>
            </dl>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={wholePost(post)} what="Post" label="Copy all" />
              <Button
                ref={editButton}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
