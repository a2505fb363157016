import type { ReactNode } from 'react'
import type { Data } from '@generated/data'
import { PlanBadge } from '~/components/plan_badge'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

export function CurrentPlanCard({
  account,
  action,
  footer,
}: {
  account: Data.Billing.BillingAccount
  action?: ReactNode
  /** Under the figures, a full row: the subscription's renewal or end (/billing). */
  footer?: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current plan</CardTitle>
        <CardDescription>What your next video is rendered with.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-6">
        <dl className="grid grid-cols-2 gap-x-10 gap-y-4 sm:grid-cols-4">
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd>
              <PlanBadge plan={account.plan} />
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Credits remaining</dt>
            <dd className="text-2xl font-bold" data-testid="credits-remaining">
              {account.credits.toLocaleString()}
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Resolution</dt>
            <dd className="font-medium">{account.renderQuality}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Watermark</dt>
            <dd>
              {account.watermark ? (
                <Badge variant="yellow">Watermark on</Badge>
              ) : (
                <Badge variant="green">No watermark</Badge>
              )}
            </dd>
          </div>
        </dl>
        {action}
        {footer}
      </CardContent>
    </Card>
  )
}
