import { Captions } from 'lucide-react'
import type { Data } from '@generated/data'
import { Button } from '~/components/ui/button'

/** Download captions: the finished video's SRT and WebVTT (docs/product.md, Captions). */
export function CaptionDownloads({ video }: { video: Data.Studio.Video }) {
  if (!video.captionsUrls) return null
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 text-sm">
      <span className="text-muted-foreground">Download captions:</span>
      <Button asChild variant="outline" size="sm">
        <a href={video.captionsUrls.srt} download>
          <Captions aria-hidden />
          SRT
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={video.captionsUrls.vtt} download>
          <Captions aria-hidden />
          WebVTT
        </a>
      </Button>
    </div>
  )
}
