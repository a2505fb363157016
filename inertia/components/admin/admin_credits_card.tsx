import { router } from '@inertiajs/react'
import { Coins, Loader2 } from 'lucide-react'
import { useAdminRequest } from '~/components/admin/admin_form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** The 'Admin Credits' card: the operator's own balance set to 999,999. */
export function AdminCreditsCard() {
  const request = useAdminRequest()

  async function grant() {
    const granted = await request.send('POST', '/api/admin/unlimited-credits', undefined, {
      success: 'Unlimited credits granted',
      failure: 'Error granting credits',
    })
    if (granted) router.reload()
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
        <Button onClick={() => void grant()} disabled={request.pending}>
          {request.pending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Coins aria-hidden />
          )}
          Grant Unlimited Credits
        </Button>
      </CardContent>
    </Card>
  )
}
