import { Suspense } from 'react'
import { ArrowRight, Loader2 } from 'lucide-react'
import { CreditEstimateCard } from '~/components/studio/credit_estimate_card'
import { Button } from '~/components/ui/button'
import type { Stills } from '~/hooks/studio/use_stills_progress'
import { lazyNamed } from '~/lib/lazy'
import type { SpeechPace } from '@shared/script_plan'

/** Shown only while the stills of an images-to-video project are made: loaded then. */
const ThumbnailProgressCard = lazyNamed(
  () => import('~/components/studio/thumbnail_progress_card'),
  'ThumbnailProgressCard'
)

type SetupSummaryProps = {
  words: number
  pace: SpeechPace
  credits: number
  balance: number | null
  targetSeconds: number
  /** What the chosen brand kit's intro and outro add, free of credits. */
  brandSeconds: number
  stills: Stills | null
  busy: boolean
  canContinue: boolean
  onContinue: () => void
}

/** The estimate, the stills' progress and Continue to Storyboard. */
export function SetupSummary({
  words,
  pace,
  credits,
  balance,
  targetSeconds,
  brandSeconds,
  stills,
  busy,
  canContinue,
  onContinue,
}: SetupSummaryProps) {
  return (
    <aside aria-label="Summary" className="space-y-4 lg:sticky lg:top-6">
      <CreditEstimateCard
        words={words}
        pace={pace}
        credits={credits}
        balance={balance}
        targetSeconds={targetSeconds}
        brandSeconds={brandSeconds}
      />
      {stills && (
        <Suspense fallback={null}>
          <ThumbnailProgressCard ready={stills.ready} total={stills.total} />
        </Suspense>
      )}
      <Button
        type="button"
        size="lg"
        className="w-full"
        disabled={!canContinue}
        onClick={onContinue}
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Continue to Storyboard
        {!busy && <ArrowRight aria-hidden />}
      </Button>
    </aside>
  )
}
