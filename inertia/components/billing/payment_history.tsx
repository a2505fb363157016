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

/** Spec §3: completed, pending, and anything else shown as failed. */
function PaymentStatus({ status }: { status: string }) {
  if (status === 'completed') return <Badge variant="green">Completed</Badge>
  if (status === 'pending') return <Badge variant="yellow">Pending</Badge>
  return <Badge variant="red">Failed</Badge>
}

export function PaymentHistory({ payments }: { payments: Data.Billing.Payment[] }) {
  if (payments.length === 0) {
    return <p className="text-sm text-muted-foreground">No payments yet.</p>
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Item</TableHead>
          <TableHead className="text-right!">Credits</TableHead>
          <TableHead className="text-right!">Amount</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id} data-testid="payment-row">
            <TableCell>{new Date(payment.createdAt).toLocaleDateString()}</TableCell>
            <TableCell>{payment.kind === 'pack' ? 'Credit pack' : 'Subscription'}</TableCell>
            <TableCell className="text-right!">{payment.credits.toLocaleString()}</TableCell>
            <TableCell className="text-right!">{formatDollars(payment.amount)}</TableCell>
            <TableCell>
              <PaymentStatus status={payment.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
