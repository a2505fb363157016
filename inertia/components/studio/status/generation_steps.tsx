import type { Data } from '@generated/data'
import { CheckCircle2, Circle, Loader2, XCircle } from 'lucide-react'
import { cn } from '~/lib/utils'

type ProjectStatus = Data.Studio.Video['status']
export type Stage = 'processing' | 'rendering'
type StepState = 'pending' | 'active' | 'complete' | 'failed'

const STEPS = ['Processing', 'Rendering', 'Ready'] as const

const STEP_STATE_TEXT: Record<StepState, string> = {
  pending: 'pending',
  active: 'in progress',
  complete: 'complete',
  failed: 'failed',
}

function stepStates(status: ProjectStatus, failedAt: Stage): StepState[] {
  switch (status) {
    case 'processing':
      return ['active', 'pending', 'pending']
    case 'rendering':
      return ['complete', 'active', 'pending']
    case 'done':
      return ['complete', 'complete', 'complete']
    case 'failed':
      return failedAt === 'rendering'
        ? ['complete', 'failed', 'pending']
        : ['failed', 'pending', 'pending']
    default:
      return ['pending', 'pending', 'pending']
  }
}

function StepIcon({ state }: { state: StepState }) {
  switch (state) {
    case 'complete':
      return <CheckCircle2 className="size-6 text-emerald-600 dark:text-emerald-400" aria-hidden />
    case 'active':
      return <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
    case 'failed':
      return <XCircle className="size-6 text-destructive" aria-hidden />
    default:
      return <Circle className="size-6 text-muted-foreground/50" aria-hidden />
  }
}

/** Processing, Rendering, Ready: where the run is, and which step a failure stopped. */
export function GenerationSteps({ status, failedAt }: { status: ProjectStatus; failedAt: Stage }) {
  const steps = stepStates(status, failedAt)
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Generation steps">
      {STEPS.map((label, index) => {
        const state = steps[index]
        return (
          <li
            key={label}
            aria-current={state === 'active' ? 'step' : undefined}
            className="flex flex-col items-center gap-2 text-center"
          >
            <StepIcon state={state} />
            <span
              className={cn(
                'text-sm font-medium',
                state === 'pending' && 'text-muted-foreground',
                state === 'failed' && 'text-destructive'
              )}
            >
              {label}
            </span>
            <span className="sr-only">{`(${STEP_STATE_TEXT[state]})`}</span>
          </li>
        )
      })}
    </ol>
  )
}
