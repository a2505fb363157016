import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { PlanBadge } from '~/components/plan_badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

/*
 * The cards of /profile (docs/product.md, "Profile (/profile)"); the API
 * tokens and sessions cards have files of their own.
 */

type Profile = Data.Auth.User.Variants['forProfilePage']

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  )
}

/** Signed out: the page only offers the way to sign in. */
export function ProfileSignedOut() {
  return (
    <div className="flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-sm text-center">
        <CardHeader>
          <CardTitle className="text-xl">
            <h1>Please log in</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href={client.urlFor('auth.sign_in.show')}>Go to Login</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}

export function AccountInformationCard({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Account Information</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-4">
          <Detail label="Email">{profile.email}</Detail>
          <Detail label="Username">{profile.username ?? 'Not set'}</Detail>
          <Detail label="Member Since">
            {profile.createdAt ? new Date(profile.createdAt).toLocaleDateString() : 'Unknown'}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  )
}

export function PlanAndBillingCard({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Plan & Billing</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="space-y-4">
          <Detail label="Current Plan">
            <PlanBadge plan={profile.plan} />
          </Detail>
          <Detail label="Available Credits">{profile.credits.toLocaleString()}</Detail>
          <Detail label="Customer ID">{profile.stripeCustomerId ?? 'Not connected'}</Detail>
        </dl>
        <Button asChild>
          <Link href={client.urlFor('billing.billing.show')}>Manage Billing</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** Social accounts are not connectable yet: the buttons say so. */
export function ConnectedAccountsCard() {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h2>Connected Accounts</h2>
        </CardTitle>
        <CardDescription>No accounts connected</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled>
            Connect Twitter
          </Button>
          <Button variant="outline" disabled>
            Connect Instagram
          </Button>
          <Button variant="outline" disabled>
            Connect TikTok
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">Coming soon</p>
      </CardContent>
    </Card>
  )
}
