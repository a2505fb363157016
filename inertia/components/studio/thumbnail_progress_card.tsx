import { Loader2 } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'

type ThumbnailProgressCardProps = {
  ready: number
  total: number
}

export function ThumbnailProgressCard({ ready, total }: ThumbnailProgressCardProps) {
  const percent = total > 0 ? Math.round((ready / total) * 100) : 0

  return (
    <Card className="gap-4! border-primary/40" role="status" aria-live="polite">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
          <h2>Generating scene images...</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <Progress value={percent} aria-label="Scene images ready" />
        <p className="text-sm text-muted-foreground tabular-nums">
          {total > 0 ? `${ready} of ${total} scenes ready` : 'Preparing scenes...'}
        </p>
      </CardContent>
    </Card>
  )
}
