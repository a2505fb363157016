import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Coins } from 'lucide-react'
import type { Data } from '@generated/data'
import { CouponField } from '~/components/billing/coupon_field'
import { CurrentPlanCard } from '~/components/billing/current_plan_card'
import { PackCards } from '~/components/billing/pack_cards'
import { PlanCards } from '~/components/billing/plan_cards'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { formatDollars } from '~/lib/checkout'

type PlansProps = {
  account: Data.Billing.BillingAccount
  plans: Data.Billing.Plan[]
  packs: Data.Billing.CreditPack[]
  testMode: boolean
  /** Credits missing, when the insufficient-credits dialog sent the user here. */
  need: number | null
  cheapestPackId: number | null
  cheapestPlanId: number | null
}

export default function Plans({
  account,
  plans,
  packs,
  testMode,
  need,
  cheapestPackId,
  cheapestPlanId,
}: PlansProps) {
  const [couponCode, setCouponCode] = useState('')
  const pack = packs.find((candidate) => candidate.id === cheapestPackId)
  const plan = plans.find((candidate) => candidate.id === cheapestPlanId)

  return (
    <>
      <Head title="Plans" />
      <div className="mx-auto w-full max-w-6xl space-y-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Plans and credits</h1>
            <p className="text-muted-foreground">
              One credit is one second of video.
              {testMode && ' Test mode: checkout is simulated, no card is charged.'}
            </p>
          </div>
          <Button asChild variant="outline">
            <Link route="billing.billing.show">Billing and payments</Link>
          </Button>
        </div>

        {need !== null && (
          <Card className="border-primary/40 bg-primary/5!">
            <CardContent className="flex items-start gap-3">
              <Coins className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div className="space-y-1">
                <p className="font-semibold">{`You need ${need} more credits`}</p>
                <p className="text-sm text-muted-foreground" data-testid="cheapest-cover">
                  {pack
                    ? `Cheapest pack that covers it: ${pack.credits.toLocaleString()} credits for ${formatDollars(pack.price)}.`
                    : 'No single pack covers it.'}{' '}
                  {plan
                    ? `Cheapest plan: ${plan.name} at ${formatDollars(plan.price)}/mo with ${plan.credits.toLocaleString()} credits a month.`
                    : 'No plan covers it in one month.'}
                </p>
              </div>
            </CardContent>
          </Card>
        )}

        <CurrentPlanCard account={account} />
        <CouponField value={couponCode} onChange={setCouponCode} />

        <section className="space-y-4">
          <h2 className="text-xl font-semibold">Monthly plans</h2>
          <PlanCards
            plans={plans}
            currentPlan={account.plan}
            subscribed={account.subscribed}
            couponCode={couponCode}
            highlightId={cheapestPlanId}
          />
        </section>

        <section className="space-y-4">
          <h2 className="text-xl font-semibold">Credit packs</h2>
          <PackCards packs={packs} couponCode={couponCode} highlightId={cheapestPackId} />
        </section>
      </div>
    </>
  )
}
