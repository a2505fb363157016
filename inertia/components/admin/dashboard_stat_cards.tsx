import { Film, Package, PencilLine, Undo2, Users, XCircle } from 'lucide-react'
import type { Data } from '@generated/data'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { formatDollars } from '~/lib/checkout'

const numbers = new Intl.NumberFormat('en-US')

/** The dashboard's statistics, one card each (docs/product.md, "Admin (/admin)"). */
export function DashboardStatCards({ stats }: { stats: Data.Admin.AdminStats }) {
  const cards = [
    { label: 'Total Users', value: stats.totalUsers, icon: Users },
    { label: 'Videos Generated', value: stats.videosGenerated, icon: Film },
    { label: 'Videos Failed', value: stats.videosFailed, icon: XCircle },
    { label: 'Videos in Progress (drafts)', value: stats.videosDrafts, icon: PencilLine },
    { label: 'Credit Pack Purchases', value: stats.creditPackPurchases, icon: Package },
    {
      label: 'Refunded Payments',
      value: stats.refundedPayments,
      icon: Undo2,
      note: stats.refunded > 0 ? `${formatDollars(stats.refunded)} returned` : null,
    },
  ]

  return (
    <section
      aria-label="Statistics"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
    >
      {cards.map(({ label, value, icon: Icon, note }) => (
        <Card key={label} className="gap-2! py-4!">
          <CardHeader className="flex! items-center! justify-between px-4!">
            <CardDescription>{label}</CardDescription>
            <Icon className="size-4 text-muted-foreground" aria-hidden />
          </CardHeader>
          <CardContent className="px-4!">
            <p className="text-2xl font-bold tabular-nums" aria-label={label}>
              {numbers.format(value)}
            </p>
            {note && <p className="text-xs text-muted-foreground">{note}</p>}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
