import type { Data } from '@generated/data'
import { Copy, Download, Share2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Tooltip } from '~/components/ui/tooltip'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { toast } from '~/lib/toast'

type Video = Data.Studio.Video

const SHARE_TARGETS = ['TikTok', 'Instagram Stories', 'YouTube Shorts']

function ComingSoonButton({ label }: { label: string }) {
  return (
    <Tooltip label="Coming soon">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled="true"
        className="cursor-not-allowed opacity-50 hover:bg-background!"
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  )
}

/** Shares the page through the system's share sheet, else copies its link. */
async function share(pageUrl: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'My Reelforge video', url: pageUrl })
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        return
      }
      // Any other refusal falls back to copying the link
    }
  }
  try {
    await navigator.clipboard.writeText(pageUrl)
    toast.success('Link copied')
  } catch {
    toast.error("Couldn't copy the link", { description: pageUrl })
  }
}

/** Download, Duplicate and Share, and the share targets still to come. */
export function VideoActions({ video }: { video: Video }) {
  const pageUrl = `${window.location.origin}/player/${video.id}`
  const write = usePageWrite()
  const duplicating = write.processing

  // Answered with the copy's storyboard: the same mode, scenes and pictures.
  async function duplicate() {
    await write.send(
      'post',
      client.urlFor('studio.videos.duplicate', { id: video.id }),
      {},
      {
        preserveScroll: false,
        refusal: { title: 'Failed to duplicate video' },
      }
    )
  }

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
        {video.outputVideoUrl ? (
          // The server answers with the file as an attachment named after the video.
          <Button asChild>
            <a href={client.urlFor('studio.videos.download', { videoId: video.id })}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        ) : (
          <Button type="button" disabled>
            <Download aria-hidden />
            Download
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={duplicating}
          onClick={() => void duplicate()}
        >
          <Copy aria-hidden />
          Duplicate
        </Button>
        <Button type="button" variant="outline" onClick={() => void share(pageUrl)}>
          <Share2 aria-hidden />
          Share
        </Button>
      </div>

      <section aria-labelledby="share-to" className="space-y-2 text-center">
        <h2 id="share-to" className="text-sm font-medium text-muted-foreground">
          Share to
        </h2>
        <div className="flex flex-wrap justify-center gap-2">
          {SHARE_TARGETS.map((target) => (
            <ComingSoonButton key={target} label={target} />
          ))}
        </div>
      </section>
    </>
  )
}
