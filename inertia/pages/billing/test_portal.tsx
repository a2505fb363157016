import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { FlaskConical } from 'lucide-react'
import type { Data } from '@generated/data'
import { periodEndDate } from '@billing/billing_dates'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { PaymentHistory } from '~/components/billing/payment_history'
import { usePageWrite } from '~/hooks/use_page_write'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDollars } from '~/lib/checkout'
import { client } from '~/lib/client'

type Subscription = {
  planId: number
  planName: string
  status: string
  currentPeriodEnd: string
  cancelAtPeriodEnd: boolean
}

type PlanSwitch = Data.Billing.PlanSwitch

type TestPortalProps = {
  subscription: Subscription | null
  plans: Data.Billing.Plan[]
  /** What switching to each plan charges now and changes, stated before it is done. */
  switches: PlanSwitch[]
  invoices: Data.Billing.Payment[]
}

const portalUrl = () => client.urlFor('billing.test_portal.update', {})

/** Posts one change through the router; resolves once the page has answered. */
function postChange(data: Record<string, string | number>) {
  return new Promise<boolean>((resolve) =>
    router.post(portalUrl(), data, {
      preserveScroll: true,
      onSuccess: () => resolve(true),
      onError: () => resolve(false),
    })
  )
}

/** The confirmation's words: what is charged now, and what changes from the next renewal. */
function switchTerms(quote: PlanSwitch, plan: Data.Billing.Plan, periodEnd: string) {
  const monthly = `from ${periodEnd} you pay ${formatDollars(quote.monthlyAfter)}/mo instead of ${formatDollars(quote.monthlyBefore)}/mo`
  return quote.chargedNow > 0
    ? `${formatDollars(quote.chargedNow)} is charged now and ${plan.name}'s ${quote.creditsNow.toLocaleString('en-US')} credits are added to your balance; ${monthly}.`
    : `Nothing is charged now: you move to ${plan.name} at once and ${monthly}. Your credits stay yours.`
}

/** One change to the subscription, posted through the router (the page answers with a toast). */
function ChangeButton({
  change,
  planId,
  label,
  variant = 'outline',
}: {
  change: string
  planId?: number
  label: string
  variant?: 'default' | 'outline'
}) {
  const write = usePageWrite()
  return (
    <form onSubmit={write.submit('post', portalUrl())}>
      <input type="hidden" name="change" value={change} />
      {planId !== undefined && <input type="hidden" name="planId" value={planId} />}
      <Button type="submit" variant={variant} disabled={write.processing}>
        {label}
      </Button>
    </form>
  )
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const periodEnd = periodEndDate(subscription.currentPeriodEnd)
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{subscription.planName}</CardTitle>
          {subscription.cancelAtPeriodEnd ? (
            <Badge variant="yellow">Ends {periodEnd}</Badge>
          ) : (
            <Badge variant="green">Active</Badge>
          )}
        </div>
        <CardDescription>
          {subscription.cancelAtPeriodEnd
            ? `Cancelled: your plan stays until ${periodEnd}, then you are on Free.`
            : `Renews on ${periodEnd}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {subscription.cancelAtPeriodEnd ? (
          <ChangeButton change="resume" label="Resume subscription" variant="default" />
        ) : (
          <ChangeButton change="cancel_at_period_end" label="Cancel at period end" />
        )}
        <ConfirmDialog
          trigger={<Button variant="destructive">Cancel now</Button>}
          title="Cancel your subscription now?"
          description="Your plan ends today and you return to Free. Credits you have stay yours."
          confirmLabel="Cancel now"
          busyLabel="Cancelling..."
          onConfirm={() => postChange({ change: 'cancel_now' })}
        />
      </CardContent>
    </Card>
  )
}

function PlanChoices({
  plans,
  switches,
  subscription,
}: {
  plans: Data.Billing.Plan[]
  switches: PlanSwitch[]
  subscription: Subscription
}) {
  const periodEnd = periodEndDate(subscription.currentPeriodEnd)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {plans.map((plan) => {
        const quote = switches.find((candidate) => candidate.planId === plan.id)
        return (
          <Card key={plan.id} data-testid="portal-plan">
            <CardHeader>
              <CardTitle>{plan.name}</CardTitle>
              <CardDescription>
                {formatDollars(plan.price)}/mo · {plan.credits.toLocaleString()} credits ·{' '}
                {plan.renderQuality}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {plan.id === subscription.planId || !quote ? (
                <Button variant="outline" disabled>
                  Current plan
                </Button>
              ) : (
                <ConfirmDialog
                  trigger={<Button variant="outline">{`Switch to ${plan.name}`}</Button>}
                  title={
                    quote.chargedNow > 0
                      ? `Switch to ${plan.name} for ${formatDollars(quote.chargedNow)} now?`
                      : `Switch to ${plan.name}?`
                  }
                  description={switchTerms(quote, plan, periodEnd)}
                  confirmLabel={
                    quote.chargedNow > 0
                      ? `Pay ${formatDollars(quote.chargedNow)} and switch`
                      : `Switch to ${plan.name}`
                  }
                  busyLabel="Switching..."
                  tone="default"
                  onConfirm={() => postChange({ change: 'switch_plan', planId: plan.id })}
                />
              )}
            </CardContent>
          </Card>
        )
      })}
    </div>
  )
}

/**
 * The test billing portal: what Stripe's Billing Portal does for our plans
 * when Stripe is not configured. Every change sends the events Stripe would.
 */
export default function TestPortal({ subscription, plans, switches, invoices }: TestPortalProps) {
  return (
    <>
      <Head title="Test billing portal" />
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="text-sm">
            <strong>Test billing portal.</strong> Stripe is not configured on this server, so this
            page stands in for Stripe&apos;s. Each change sends the same subscription and invoice
            events Stripe would; nothing is charged.
          </p>
        </div>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl font-bold tracking-tight">Manage billing</h1>
          <Button asChild variant="outline">
            <Link route="billing.billing.show">Back to Billing</Link>
          </Button>
        </div>
        {subscription ? (
          <>
            <SubscriptionCard subscription={subscription} />
            <section className="space-y-3">
              <h2 className="text-xl font-semibold">Change plan</h2>
              <PlanChoices plans={plans} switches={switches} subscription={subscription} />
            </section>
          </>
        ) : (
          <p className="text-muted-foreground">
            You have no subscription. Choose a plan on the Billing page.
          </p>
        )}
        <section className="space-y-3">
          <h2 className="text-xl font-semibold">Invoices</h2>
          <PaymentHistory payments={invoices} />
        </section>
      </div>
    </>
  )
}
