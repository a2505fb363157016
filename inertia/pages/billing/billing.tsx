import { useEffect, useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import { CouponField } from '~/components/billing/coupon_field'
import { CurrentPlanCard } from '~/components/billing/current_plan_card'
import { PackCards } from '~/components/billing/pack_cards'
import { PaymentHistory } from '~/components/billing/payment_history'
import { PlanCards } from '~/components/billing/plan_cards'
import { SubscriptionRenewal } from '~/components/billing/subscription_renewal'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { openBillingPortal } from '~/lib/checkout'

type BillingProps = {
  account: Data.Billing.BillingAccount
  plans: Data.Billing.Plan[]
  packs: Data.Billing.CreditPack[]
  payments: Data.Billing.Payment[]
  testMode: boolean
  checkout: 'success' | 'cancelled' | null
}

export default function Billing({
  account,
  plans,
  packs,
  payments,
  testMode,
  checkout,
}: BillingProps) {
  const [couponCode, setCouponCode] = useState('')
  const [opening, setOpening] = useState(false)

  useEffect(() => {
    if (checkout === 'success') toast.success('Payment received', { description: 'Thank you!' })
    if (checkout === 'cancelled')
      toast('Checkout cancelled', { description: 'Nothing was charged.' })
  }, [checkout])

  async function manageBilling() {
    setOpening(true)
    if (!(await openBillingPortal())) setOpening(false)
  }

  return (
    <>
      <Head title="Billing" />
      <div className="mx-auto w-full max-w-6xl space-y-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
            <p className="text-muted-foreground">Your plan, credits and payments.</p>
          </div>
          <Button asChild variant="outline">
            <Link route="billing.plans.show">Compare plans</Link>
          </Button>
        </div>

        <CurrentPlanCard
          account={account}
          action={
            <div className="flex flex-col items-end gap-1">
              <Button type="button" variant="outline" disabled={opening} onClick={manageBilling}>
                Manage Billing
              </Button>
              {testMode && (
                <span className="text-xs text-muted-foreground">
                  Opens the test billing portal (no Stripe keys)
                </span>
              )}
            </div>
          }
          footer={
            <SubscriptionRenewal
              account={account}
              testMode={testMode}
              onManage={manageBilling}
              opening={opening}
            />
          }
        />

        <CouponField value={couponCode} onChange={setCouponCode} />

        <section className="space-y-4">
          <h2 className="text-xl font-semibold">Monthly plans</h2>
          <PlanCards
            plans={plans}
            currentPlan={account.plan}
            subscribed={account.subscribed}
            couponCode={couponCode}
          />
        </section>

        <section className="space-y-4">
          <h2 className="text-xl font-semibold">Credit packs</h2>
          <PackCards packs={packs} couponCode={couponCode} />
        </section>

        <Card>
          <CardHeader>
            <CardTitle>Payment history</CardTitle>
          </CardHeader>
          <CardContent>
            <PaymentHistory payments={payments} />
          </CardContent>
        </Card>
      </div>
    </>
  )
}
