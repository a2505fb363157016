import { Head } from '@inertiajs/react'
import { FlaskConical } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/components/ui/card'
import { formatDollars } from '~/lib/checkout'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'

type TestCheckoutProps = {
  sessionId: string
  status: string
  mode: 'payment' | 'subscription'
  name: string
  description: string
  subtotal: number
  total: number
  coupon: { code: string; terms: string } | null
}

/**
 * The offline checkout: no Stripe keys, so this page stands in for Stripe
 * Checkout. Pay and Cancel send the events Stripe would.
 */
export default function TestCheckout({
  sessionId,
  status,
  mode,
  name,
  description,
  subtotal,
  total,
  coupon,
}: TestCheckoutProps) {
  const open = status === 'open'
  const cancel = usePageWrite()
  const pay = usePageWrite()
  return (
    <>
      <Head title="Test checkout" />
      <div className="mx-auto w-full max-w-lg space-y-6">
        <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="text-sm">
            <strong>Test checkout.</strong> Stripe is not configured on this server, so no card is
            asked for and nothing is charged. Pay sends the same payment events Stripe would.
          </p>
        </div>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <CardTitle>{name}</CardTitle>
              <Badge variant="outline">{mode === 'subscription' ? 'Monthly' : 'One-off'}</Badge>
            </div>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {subtotal !== total && (
              <div className="flex justify-between text-muted-foreground">
                <span>Subtotal</span>
                <span>{formatDollars(subtotal)}</span>
              </div>
            )}
            {coupon && (
              <div className="flex justify-between text-muted-foreground">
                <span>
                  Coupon {coupon.code} ({coupon.terms})
                </span>
                <span>−{formatDollars(subtotal - total)}</span>
              </div>
            )}
            <div className="flex justify-between text-lg font-semibold">
              <span>Total{mode === 'subscription' ? ' today' : ''}</span>
              <span data-testid="checkout-total">{formatDollars(total)}</span>
            </div>
            {!open && (
              <p className="text-muted-foreground">This checkout is {status}: nothing to pay.</p>
            )}
          </CardContent>
          <CardFooter className="flex justify-end gap-2">
            <form
              onSubmit={cancel.submit(
                'post',
                client.urlFor('billing.test_checkout.cancel', { sessionId }),
                { preserveScroll: false }
              )}
            >
              <Button type="submit" variant="outline" disabled={!open || cancel.processing}>
                Cancel
              </Button>
            </form>
            <form
              onSubmit={pay.submit(
                'post',
                client.urlFor('billing.test_checkout.pay', { sessionId }),
                { preserveScroll: false }
              )}
            >
              <Button type="submit" disabled={!open || pay.processing}>
                {pay.processing ? 'Paying...' : `Pay ${formatDollars(total)}`}
              </Button>
            </form>
          </CardFooter>
        </Card>
      </div>
    </>
  )
}
