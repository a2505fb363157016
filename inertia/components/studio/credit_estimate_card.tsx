import { Link } from '@adonisjs/inertia/react'
import { Coins } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatScriptLength, pluralize } from '~/lib/studio'
import { SCENE_SECONDS, type SpeechPace } from '@shared/script_plan'
import { cn } from '~/lib/utils'

type CreditEstimateCardProps = {
  /** The script's words, or characters for a language written without spaces. */
  words: number
  pace: SpeechPace
  /** What Generate Final Video will charge for this script's storyboard. */
  credits: number
  balance: number | null
  targetSeconds: number
  /** A brand kit's intro and outro: in the video's length, not in its credits. */
  brandSeconds: number
}

export function CreditEstimateCard({
  words,
  pace,
  credits,
  balance,
  targetSeconds,
  brandSeconds,
}: CreditEstimateCardProps) {
  const short = balance !== null && balance < credits

  return (
    <Card className="gap-4!">
      <CardHeader>
        <CardTitle>
          <h2>Credit Estimate</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-baseline gap-2" aria-live="polite">
          <Coins className="size-5 self-center text-primary" aria-hidden />
          <span className="text-3xl font-bold tabular-nums">{credits}</span>
          <span className="text-muted-foreground">{credits === 1 ? 'credit' : 'credits'}</span>
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Script</dt>
          <dd className="text-right tabular-nums">{pluralize(words, pace.unit)}</dd>
          <dt className="text-muted-foreground">Scenes</dt>
          <dd className="text-right tabular-nums">
            {pluralize(credits / SCENE_SECONDS, 'scene')} × {SCENE_SECONDS} s
          </dd>
          <dt className="text-muted-foreground">Video length</dt>
          <dd className="text-right tabular-nums">
            {pluralize(credits + brandSeconds, 'second')}
            {brandSeconds > 0 && ' with intro and outro'}
          </dd>
          <dt className="text-muted-foreground">Target length</dt>
          <dd className="text-right">{formatScriptLength(targetSeconds)}</dd>
          <dt className="text-muted-foreground">Your credits</dt>
          <dd
            className={cn(
              'text-right font-medium tabular-nums',
              short && 'text-amber-700 dark:text-amber-300'
            )}
          >
            {balance ?? '—'}
          </dd>
        </dl>
        {short && (
          <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
            {`Your ${balance} credits do not cover this video: you need ${credits - balance} more. `}
            <Link route="billing.plans.show" qs={{ need: credits - balance }} className="underline">
              Get more credits
            </Link>
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          {`One credit per second of video: the script is cut into 5-second scenes of about ${pace.perSecond * SCENE_SECONDS} ${pace.unit}s (${pace.perSecond} ${pace.unit}s a second).`}
        </p>
      </CardContent>
    </Card>
  )
}
