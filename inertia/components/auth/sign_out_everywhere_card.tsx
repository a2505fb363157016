import { router } from '@inertiajs/react'
import { LogOut } from 'lucide-react'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** Ends every session of the account, after a confirmation; the server then sends us to /auth. */
export function SignOutEverywhereCard() {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>
          Lost a device or signed in somewhere you shouldn&apos;t have? End every session of your
          account at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <LogOut aria-hidden />
              Sign out of all devices
            </Button>
          }
          title="Sign out of all devices?"
          description="Every browser signed in to this account is signed out, this one included. You can sign in again with a new magic link."
          confirmLabel="Sign out everywhere"
          busyLabel="Signing out..."
          onConfirm={() =>
            new Promise<boolean>((resolve) =>
              router.post('/auth/sign-out-everywhere', {}, { onFinish: () => resolve(false) })
            )
          }
        />
      </CardContent>
    </Card>
  )
}
