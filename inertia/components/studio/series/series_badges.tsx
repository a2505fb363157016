import { Loader2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { Badge, type BadgeProps } from '~/components/ui/badge'

type SeriesStatus = Data.Studio.Series['status']
type SlotState = Data.Studio.SeriesDetail['slots'][number]['state']

const SERIES_STATUS: Record<SeriesStatus, { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Active', variant: 'green' },
  paused: { label: 'Paused', variant: 'yellow' },
  finished: { label: 'Finished', variant: 'gray' },
}

/** A series' status (docs/product.md, Series): active green, paused amber, finished grey. */
export function SeriesStatusBadge({ status }: { status: SeriesStatus }) {
  const { label, variant } = SERIES_STATUS[status] ?? { label: status, variant: 'gray' }
  return <Badge variant={variant}>{label}</Badge>
}

const SLOT_STATE: Record<SlotState, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Waiting', variant: 'gray' },
  claimed: { label: 'Being made', variant: 'blue' },
  made: { label: 'Made', variant: 'green' },
  skipped: { label: 'Skipped', variant: 'outline' },
  failed: { label: 'Failed', variant: 'red' },
}

/** Where a topic stands: waiting, being made into a project, made, skipped or failed. */
export function SlotStateBadge({ state }: { state: SlotState }) {
  const { label, variant } = SLOT_STATE[state] ?? { label: state, variant: 'gray' }
  return (
    <Badge variant={variant}>
      {state === 'claimed' && <Loader2 className="animate-spin" aria-hidden />}
      {label}
    </Badge>
  )
}
