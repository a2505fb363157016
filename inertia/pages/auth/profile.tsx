import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft } from 'lucide-react'
import { SignOutEverywhereCard } from '~/components/auth/sign_out_everywhere_card'
import { ApiTokensCard } from '~/components/auth/api_tokens_card'
import { PlanBadge } from '~/components/plan_badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { Plan } from '~/types/shared'
import type { Data } from '@generated/data'

type ProfileProps = {
  profile: {
    email: string
    username: string | null
    createdAt: string | null
    plan: Plan
    credits: number
    stripeCustomerId: string | null
  } | null
  apiAccess: boolean
  apiTokens: Data.Auth.ApiToken[]
  newApiToken: { name: string; secret: string } | null
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  )
}

export default function Profile({ profile, apiAccess, apiTokens, newApiToken }: ProfileProps) {
  if (!profile) {
    return (
      <>
        <Head title="Profile" />
        <div className="flex flex-1 items-center justify-center py-16">
          <Card className="w-full max-w-sm text-center">
            <CardHeader>
              <CardTitle className="text-xl">
                <h1>Please log in</h1>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Button asChild className="w-full">
                <Link href="/auth">Go to Login</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </>
    )
  }

  return (
    <>
      <Head title="Profile" />
      <div className="space-y-6">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Link>
        </Button>

        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
          <p className="text-muted-foreground">Manage your account settings and subscription</p>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
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
                <Link href="/billing">Manage Billing</Link>
              </Button>
            </CardContent>
          </Card>

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

          <ApiTokensCard available={apiAccess} tokens={apiTokens} created={newApiToken} />

          <SignOutEverywhereCard />
        </div>
      </div>
    </>
  )
}
