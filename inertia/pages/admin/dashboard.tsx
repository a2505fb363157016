import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { BarChart3, KeyRound, Music, Package, Tag, Ticket } from 'lucide-react'
import type { Data } from '@generated/data'
import { AdminCreditsCard } from '~/components/admin/admin_credits_card'
import { AnalyticsPanel } from '~/components/admin/dashboard_analytics_panel'
import { ApiConfigurationPanel } from '~/components/admin/dashboard_api_configuration_panel'
import {
  LazyCouponsPanel,
  LazyCreditPacksPanel,
  LazyPlansPanel,
  usePrefetchCataloguePanels,
} from '~/components/admin/dashboard_catalogue_panels'
import { MusicLibraryPanel } from '~/components/admin/dashboard_music_library_panel'
import { DashboardStatCards } from '~/components/admin/dashboard_stat_cards'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'

type DashboardProps = {
  stats: Data.Admin.AdminStats
  apiConfiguration: Data.Admin.ApiConfiguration
  plans: Data.Billing.Plan.Variants['forAdmin'][]
  coupons: Data.Billing.Coupon[]
  creditPacks: Data.Billing.CreditPack[]
}

/** docs/product.md, "Admin (/admin)": the statistics, the Admin Credits card and six tabs. */
export default function AdminDashboard({
  stats,
  apiConfiguration,
  plans,
  coupons,
  creditPacks,
}: DashboardProps) {
  const [tab, setTab] = useState('api')
  usePrefetchCataloguePanels()

  return (
    <>
      <Head title="Admin Dashboard" />
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="text-muted-foreground">
            Manage plans, coupons, and monitor system performance
          </p>
        </div>

        <DashboardStatCards stats={stats} />

        <AdminCreditsCard />

        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="api">
              <KeyRound aria-hidden />
              API Configuration
            </TabsTrigger>
            <TabsTrigger value="plans">
              <Tag aria-hidden />
              Plans Management
            </TabsTrigger>
            <TabsTrigger value="coupons">
              <Ticket aria-hidden />
              Coupons
            </TabsTrigger>
            <TabsTrigger value="packs">
              <Package aria-hidden />
              Credit Packs
            </TabsTrigger>
            <TabsTrigger value="music">
              <Music aria-hidden />
              Music Library
            </TabsTrigger>
            <TabsTrigger value="analytics">
              <BarChart3 aria-hidden />
              Analytics
            </TabsTrigger>
          </TabsList>

          <TabsContent value="api">
            <ApiConfigurationPanel configuration={apiConfiguration} />
          </TabsContent>
          <TabsContent value="plans">
            <LazyPlansPanel plans={plans} />
          </TabsContent>
          <TabsContent value="coupons">
            <LazyCouponsPanel coupons={coupons} />
          </TabsContent>
          <TabsContent value="packs">
            <LazyCreditPacksPanel packs={creditPacks} />
          </TabsContent>
          <TabsContent value="music">
            <MusicLibraryPanel />
          </TabsContent>
          <TabsContent value="analytics">
            <AnalyticsPanel stats={stats} />
          </TabsContent>
        </Tabs>
      </div>
    </>
  )
}
