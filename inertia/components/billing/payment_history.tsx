import type { Data } from '@generated/data'
import { Badge } from '~/components/ui/badge'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { formatDollars } from '~/lib/checkout'

/**
 * Completed, pending, cancelled (the checkout was left), and anything else
 * shown as failed (with its reason);
 * a refund, full or partial, is named beside the status.
 */
function PaymentStatus({ payment }: { payment: Data.Billing.Payment }) {
  if (payment.status === 'completed' && payment.refunded > 0) {
    return payment.refunded >= payment.amount ? (
      <Badge variant="gray">Refunded</Badge>
    ) : (
      <span className="flex flex-wrap items-center gap-1">
        <Badge variant="green">Completed</Badge>
        <span className="text-xs text-muted-foreground">
          {formatDollars(payment.refunded)} refunded
        </span>
      </span>
    )
  }
  if (payment.status === 'completed') return <Badge variant="green">Completed</Badge>
  if (payment.status === 'pending') return <Badge variant="yellow">Pending</Badge>
  if (payment.status === 'cancelled') return <Badge variant="gray">Cancelled</Badge>
  return (
    <span className="flex flex-col gap-1">
      <Badge variant="red" className="w-fit">
        Failed
      </Badge>
      {payment.failureReason && (
        <span className="text-xs text-muted-foreground">{payment.failureReason}</span>
      )}
    </span>
  )
}

/** Below `sm` the Item column folds under the date so Status fits a 390 px phone. */
export function PaymentHistory({ payments }: { payments: Data.Billing.Payment[] }) {
  if (payments.length === 0) {
    return <p className="text-sm text-muted-foreground">No payments yet.</p>
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead className="hidden sm:table-cell">Item</TableHead>
          <TableHead className="text-right!">Credits</TableHead>
          <TableHead className="text-right!">Amount</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => {
          const item = payment.kind === 'pack' ? 'Credit pack' : 'Subscription'
          return (
            <TableRow key={payment.id} data-testid="payment-row">
              <TableCell>
                {new Date(payment.createdAt).toLocaleDateString()}
                <span className="block text-xs text-muted-foreground sm:hidden">{item}</span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{item}</TableCell>
              <TableCell className="text-right!">{payment.credits.toLocaleString()}</TableCell>
              <TableCell className="text-right!">{formatDollars(payment.amount)}</TableCell>
              <TableCell className="whitespace-normal!">
                <PaymentStatus payment={payment} />
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
