import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { Data } from '@generated/data'
import { openBillingPortal, startCheckout } from '~/lib/checkout'
import { PlanIncludes, PlanPrice } from '~/components/billing/plan_cards'
import { cn } from '~/lib/utils'
import { client } from '~/lib/client'

type OnboardingPlan = Data.Billing.Plan.Variants['forOnboarding']

type OnboardingPlanProps = {
  plans: OnboardingPlan[]
  /** The plan the user is on: preselected and marked, never offered again. */
  currentPlan: string
  /** A subscriber changes plan in the billing portal: a checkout would refuse a second subscription. */
  subscribed: boolean
}

export default function OnboardingPlanPage({
  plans,
  currentPlan,
  subscribed,
}: OnboardingPlanProps) {
  const [selected, setSelected] = useState(currentPlan)
  const [pending, setPending] = useState<number | null>(null)

  async function choose(plan: OnboardingPlan) {
    setSelected(plan.slug)
    setPending(plan.id)
    const leaving = subscribed
      ? await openBillingPortal()
      : await startCheckout({ planId: plan.id, priceId: plan.stripePriceId })
    if (!leaving) setPending(null)
  }
  const current = plans.find((plan) => plan.slug === currentPlan)
  const chosenPlan = plans.find((plan) => plan.slug === selected)
  const changeLabel = (plan: OnboardingPlan) =>
    `${subscribed ? 'Switch' : 'Upgrade'} to ${plan.name}`

  return (
    <>
      <Head title="Choose your plan" />
      <div className="w-full max-w-5xl space-y-8">
        <div className="space-y-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Choose your plan</h1>
          <p className="text-muted-foreground">
            {current && current.price > 0
              ? `You are on ${current.name}. Keep it, or switch whenever you need.`
              : 'Start for free and upgrade whenever you need more videos.'}
          </p>
        </div>

        <div role="radiogroup" aria-label="Plans" className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => {
            const isSelected = plan.slug === selected
            const isCurrent = plan.slug === currentPlan
            return (
              <Card
                key={plan.slug}
                role="radio"
                aria-checked={isSelected}
                aria-labelledby={`plan-${plan.slug}`}
                tabIndex={0}
                onClick={() => setSelected(plan.slug)}
                onKeyDown={(event) => {
                  if (event.target === event.currentTarget && [' ', 'Enter'].includes(event.key)) {
                    event.preventDefault()
                    setSelected(plan.slug)
                  }
                }}
                className={cn(
                  'cursor-pointer outline-none transition-[border-color,box-shadow] hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isSelected && 'border-primary ring-2 ring-primary'
                )}
              >
                <CardHeader>
                  <div className="flex flex-wrap items-center gap-2">
                    <CardTitle id={`plan-${plan.slug}`} className="text-lg">
                      {plan.name}
                    </CardTitle>
                    {plan.popular && <Badge variant="purple">Popular</Badge>}
                    {isCurrent && <Badge variant="green">Current plan</Badge>}
                    {isSelected && <Badge className="ml-auto">Selected</Badge>}
                  </div>
                  <CardDescription>
                    <PlanPrice plan={plan} />
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-6">
                  <PlanIncludes plan={plan} />
                  {!isCurrent && plan.price > 0 && (
                    <Button
                      type="button"
                      variant={isSelected ? 'default' : 'outline'}
                      disabled={pending !== null}
                      onClick={(event) => {
                        event.stopPropagation()
                        void choose(plan)
                      }}
                    >
                      {pending === plan.id ? 'Redirecting...' : changeLabel(plan)}
                    </Button>
                  )}
                </CardContent>
              </Card>
            )
          })}
        </div>

        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          {chosenPlan && chosenPlan.slug !== currentPlan && chosenPlan.price > 0 ? (
            <Button
              type="button"
              size="lg"
              disabled={pending !== null}
              onClick={() => void choose(chosenPlan)}
            >
              {pending === chosenPlan.id
                ? 'Redirecting...'
                : subscribed
                  ? changeLabel(chosenPlan)
                  : `Continue with ${chosenPlan.name}`}
            </Button>
          ) : (
            current && (
              <Button asChild size="lg">
                <Link href={client.urlFor('studio.create.show')}>
                  {current.price > 0
                    ? `Continue with ${current.name}`
                    : `Continue with ${current.name} (${current.credits} credits)`}
                </Link>
              </Button>
            )
          )}
          <Button asChild variant="ghost" size="lg">
            <Link href={client.urlFor('auth.onboarding_profile.edit')}>
              Skip, I&apos;ll decide later
            </Link>
          </Button>
        </div>
      </div>
    </>
  )
}
