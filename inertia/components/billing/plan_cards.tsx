import { useState } from 'react'
import { Check } from 'lucide-react'
import type { Data } from '@generated/data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDollars, openBillingPortal, startCheckout } from '~/lib/checkout'
import { cn } from '~/lib/utils'

type PlanSummary = Pick<Data.Billing.Plan, 'price' | 'interval' | 'credits' | 'features'>

/** A plan's price per interval, as every plan card shows it. */
export function PlanPrice({ plan }: { plan: PlanSummary }) {
  return (
    <>
      <span className="text-3xl font-bold text-foreground">{formatDollars(plan.price)}</span>/
      {plan.interval === 'month' ? 'mo' : 'year'}
    </>
  )
}

/** What a plan includes: its credits, then its features. */
export function PlanIncludes({ plan }: { plan: PlanSummary }) {
  return (
    <ul className="flex-1 space-y-2 text-sm">
      <li className="flex gap-2">
        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {plan.credits.toLocaleString()} credits
      </li>
      {plan.features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  )
}

type PlanCardsProps = {
  plans: Data.Billing.Plan[]
  currentPlan: string
  /** A subscriber changes plan in the billing portal: a checkout would refuse a second subscription. */
  subscribed: boolean
  couponCode: string
  /** Marked as the cheapest plan that covers what is missing. */
  highlightId?: number | null
}

export function PlanCards({
  plans,
  currentPlan,
  subscribed,
  couponCode,
  highlightId,
}: PlanCardsProps) {
  const [pending, setPending] = useState<number | null>(null)

  async function choose(plan: Data.Billing.Plan) {
    setPending(plan.id)
    const leaving = subscribed
      ? await openBillingPortal()
      : await startCheckout({
          planId: plan.id,
          priceId: plan.stripePriceId,
          ...(couponCode && { couponCode }),
        })
    if (!leaving) setPending(null)
  }

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const current = plan.slug === currentPlan
        return (
          <Card
            key={plan.id}
            data-testid={`plan-${plan.slug}`}
            className={cn(highlightId === plan.id && 'border-primary ring-2 ring-primary')}
          >
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle className="text-lg">{plan.name}</CardTitle>
                {plan.popular && <Badge variant="purple">Popular</Badge>}
                {highlightId === plan.id && <Badge variant="green">Covers it</Badge>}
              </div>
              <CardDescription>
                <PlanPrice plan={plan} />
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-6">
              <PlanIncludes plan={plan} />
              {current ? (
                <Button type="button" variant="outline" disabled>
                  Current Plan
                </Button>
              ) : plan.price > 0 ? (
                <Button type="button" disabled={pending !== null} onClick={() => choose(plan)}>
                  {pending === plan.id
                    ? 'Redirecting...'
                    : `${subscribed ? 'Switch' : 'Upgrade'} to ${plan.name}`}
                </Button>
              ) : null}
            </CardContent>
          </Card>
        )
      })}
    </div>
  )
}
