import { useState } from 'react'
import { Coins } from 'lucide-react'
import type { Data } from '@generated/data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDollars, startCheckout } from '~/lib/checkout'
import { cn } from '~/lib/utils'

type PackCardsProps = {
  packs: Data.Billing.CreditPack[]
  couponCode: string
  /** Marked as the cheapest pack that covers what is missing. */
  highlightId?: number | null
}

export function PackCards({ packs, couponCode, highlightId }: PackCardsProps) {
  const [pending, setPending] = useState<number | null>(null)

  async function buy(pack: Data.Billing.CreditPack) {
    setPending(pack.id)
    const leaving = await startCheckout({
      credits: pack.credits,
      amount: pack.price,
      ...(couponCode && { couponCode }),
    })
    if (!leaving) setPending(null)
  }

  if (packs.length === 0) {
    return <p className="text-sm text-muted-foreground">No credit packs are on sale right now.</p>
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {packs.map((pack) => (
        <Card
          key={pack.id}
          data-testid={`pack-${pack.credits}`}
          className={cn(highlightId === pack.id && 'border-primary ring-2 ring-primary')}
        >
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <Coins className="size-5 text-primary" aria-hidden />
              <CardTitle className="text-lg">{pack.credits.toLocaleString()} credits</CardTitle>
              {highlightId === pack.id && <Badge variant="green">Covers it</Badge>}
            </div>
          </CardHeader>
          <CardContent className="flex items-center justify-between gap-4">
            <span className="text-2xl font-bold">{formatDollars(pack.price)}</span>
            <Button type="button" disabled={pending !== null} onClick={() => buy(pack)}>
              {pending === pack.id ? 'Redirecting...' : 'Buy'}
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
