import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Coins, Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'
import { toast } from '~/lib/toast'

/**
 * The 'Admin Credits' card (docs/product.md, "Admin (/admin)"): the
 * operator's own balance set to 999,999. The server answers with the page
 * again, the new balance in the sidebar and 'Unlimited credits granted' as a flash.
 */
export function AdminCreditsCard() {
  const [pending, setPending] = useState(false)

  function grant() {
    router.post(
      client.urlFor('admin.unlimited_credits_form.store'),
      {},
      {
        preserveState: true,
        preserveScroll: true,
        onStart: () => setPending(true),
        onError: () => toast.error('Error granting credits'),
        onFinish: () => setPending(false),
      }
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Admin Credits</h2>
        </CardTitle>
        <CardDescription>Set your own balance to 999,999 credits for testing.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={grant} disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Coins aria-hidden />}
          Grant Unlimited Credits
        </Button>
      </CardContent>
    </Card>
  )
}
