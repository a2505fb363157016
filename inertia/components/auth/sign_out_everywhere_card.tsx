import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Loader2, LogOut } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** Ends every session of the account, after a confirmation; the server then sends us to /auth. */
export function SignOutEverywhereCard() {
  const [signingOut, setSigningOut] = useState(false)

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
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline">
              <LogOut aria-hidden />
              Sign out of all devices
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Sign out of all devices?</AlertDialogTitle>
              <AlertDialogDescription>
                Every browser signed in to this account is signed out, this one included. You can
                sign in again with a new magic link.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={signingOut}>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={signingOut}
                onClick={(event) => {
                  event.preventDefault()
                  setSigningOut(true)
                  router.post(
                    '/auth/sign-out-everywhere',
                    {},
                    { onFinish: () => setSigningOut(false) }
                  )
                }}
              >
                {signingOut && <Loader2 className="animate-spin" aria-hidden />}
                Sign out everywhere
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  )
}
