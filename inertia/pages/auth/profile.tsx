import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft } from 'lucide-react'
import type { Data } from '@generated/data'
import { ApiTokensCard } from '~/components/auth/api_tokens_card'
import {
  AccountInformationCard,
  ConnectedAccountsCard,
  PlanAndBillingCard,
  ProfileSignedOut,
} from '~/components/auth/profile_cards'
import { SignOutEverywhereCard } from '~/components/auth/sign_out_everywhere_card'
import { WebhooksCard } from '~/components/auth/webhooks_card'
import { TimeZoneCard } from '~/components/auth/time_zone_card'
import { Button } from '~/components/ui/button'
import { client } from '~/lib/client'

type ProfileProps = {
  profile: Data.Auth.User.Variants['forProfilePage'] | null
  apiAccess: boolean
  apiTokens: Data.Auth.ApiToken[]
  newApiToken: { name: string; secret: string } | null
  webhookEvents: string[]
  webhookEndpoints: Data.Auth.WebhookEndpoint[]
  newWebhookSecret: { id: number; secret: string } | null
}

/** docs/product.md, "Profile (/profile)". */
export default function Profile({
  profile,
  apiAccess,
  apiTokens,
  newApiToken,
  webhookEvents,
  webhookEndpoints,
  newWebhookSecret,
}: ProfileProps) {
  if (!profile) {
    return (
      <>
        <Head title="Profile" />
        <ProfileSignedOut />
      </>
    )
  }

  return (
    <>
      <Head title="Profile" />
      <div className="space-y-6">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href={client.urlFor('studio.dashboard.show')}>
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Link>
        </Button>

        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
          <p className="text-muted-foreground">Manage your account settings and subscription</p>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <AccountInformationCard profile={profile} />
          <PlanAndBillingCard profile={profile} />
          <ConnectedAccountsCard />
          <TimeZoneCard timeZone={profile.timeZone} />
          <ApiTokensCard available={apiAccess} tokens={apiTokens} created={newApiToken} />
          <WebhooksCard
            available={apiAccess}
            events={webhookEvents}
            endpoints={webhookEndpoints}
            created={newWebhookSecret}
          />
          <SignOutEverywhereCard />
        </div>
      </div>
    </>
  )
}
