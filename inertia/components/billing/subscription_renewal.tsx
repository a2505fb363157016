import { CalendarClock, CalendarX } from 'lucide-react'
import type { Data } from '@generated/data'
import { periodEndDate } from '@billing/billing_dates'
import { usePageWrite } from '~/hooks/use_page_write'
import { Button } from '~/components/ui/button'
import { client } from '~/lib/client'

type SubscriptionRenewalProps = {
  account: Data.Billing.BillingAccount
  testMode: boolean
  /** With Stripe, Resume is done in its Billing Portal. */
  onManage: () => void
  opening: boolean
}

/**
 * The subscription's next step under the current plan, from the state the
 * payment events keep: the day it renews, or, once cancelled at the
 * period's end, the day it ends and a way to resume it.
 */
export function SubscriptionRenewal({
  account,
  testMode,
  onManage,
  opening,
}: SubscriptionRenewalProps) {
  const write = usePageWrite()
  if (account.endsAt) {
    return (
      <div
        data-testid="subscription-renewal"
        className="flex basis-full flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <p className="flex items-start gap-2">
          <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Ends on {periodEndDate(account.endsAt)}.</strong> Your{' '}
            {account.planName} plan stays until then; after that you are on Free.
          </span>
        </p>
        {testMode ? (
          <form onSubmit={write.submit('post', client.urlFor('billing.test_portal.update', {}))}>
            <input type="hidden" name="change" value="resume" />
            <Button type="submit" size="sm" disabled={write.processing}>
              Resume
            </Button>
          </form>
        ) : (
          <Button type="button" size="sm" disabled={opening} onClick={onManage}>
            Resume
          </Button>
        )}
      </div>
    )
  }
  if (!account.renewsAt) return null
  return (
    <p data-testid="subscription-renewal" className="flex basis-full items-center gap-2 text-sm">
      <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        Renews on <strong className="font-semibold">{periodEndDate(account.renewsAt)}</strong>.
      </span>
    </p>
  )
}
