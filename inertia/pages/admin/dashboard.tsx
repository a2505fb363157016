import { Suspense, useEffect, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import {
  AlertTriangle,
  BarChart3,
  CheckCircle2,
  ExternalLink,
  Film,
  KeyRound,
  Music,
  Package,
  PencilLine,
  Tag,
  Ticket,
  Undo2,
  Users,
  XCircle,
} from 'lucide-react'
import type { Data } from '@generated/data'
import { AdminCreditsCard } from '~/components/admin/admin_credits_card'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { Skeleton } from '~/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { formatDollars } from '~/lib/checkout'
import { lazyNamed } from '~/lib/lazy'

/*
 * The catalogue editors load with their tab, not with the page: the page
 * paints its statistics without them, and they are fetched once the browser
 * is idle, so opening a tab does not wait.
 */
const loadPlans = () => import('~/components/admin/plans_panel')
const loadCoupons = () => import('~/components/admin/coupons_panel')
const loadPacks = () => import('~/components/admin/credit_packs_panel')
const PlansPanel = lazyNamed(loadPlans, 'PlansPanel')
const CouponsPanel = lazyNamed(loadCoupons, 'CouponsPanel')
const CreditPacksPanel = lazyNamed(loadPacks, 'CreditPacksPanel')

function usePrefetchPanels() {
  useEffect(() => {
    const prefetch = () => void Promise.all([loadPlans(), loadCoupons(), loadPacks()])
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const timer = setTimeout(prefetch, 200)
    return () => clearTimeout(timer)
  }, [])
}

function PanelFallback() {
  return <Skeleton className="h-64 w-full" />
}

type DashboardProps = {
  stats: Data.Admin.AdminStats
  apiConfiguration: Data.Admin.ApiConfiguration
  plans: Data.Billing.Plan.Variants['forAdmin'][]
  coupons: Data.Billing.Coupon[]
  creditPacks: Data.Billing.CreditPack[]
}

const numbers = new Intl.NumberFormat('en-US')

export default function AdminDashboard({
  stats,
  apiConfiguration,
  plans,
  coupons,
  creditPacks,
}: DashboardProps) {
  const [tab, setTab] = useState('api')
  usePrefetchPanels()
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
    <>
      <Head title="Admin Dashboard" />
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="text-muted-foreground">
            Manage plans, coupons, and monitor system performance
          </p>
        </div>

        <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
            <Suspense fallback={<PanelFallback />}>
              <PlansPanel plans={plans} />
            </Suspense>
          </TabsContent>
          <TabsContent value="coupons">
            <Suspense fallback={<PanelFallback />}>
              <CouponsPanel coupons={coupons} />
            </Suspense>
          </TabsContent>
          <TabsContent value="packs">
            <Suspense fallback={<PanelFallback />}>
              <CreditPacksPanel packs={creditPacks} />
            </Suspense>
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

function ApiConfigurationPanel({
  configuration,
}: {
  configuration: DashboardProps['apiConfiguration']
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Video Generation API</h2>
          </CardTitle>
          <CardDescription>
            The video API key is configured through the hosting environment (read-only here).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>768p resolution, 6-second clips</li>
            <li>About $0.27 per video</li>
            <li>Queue-based processing</li>
            <li>Camera movement controls</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Providers</h2>
          </CardTitle>
          <CardDescription>
            Active AI driver:{' '}
            <span className="font-medium text-foreground" data-testid="ai-driver">
              {configuration.aiDriver}
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm">
            {configuration.providers.map((provider) => (
              <li key={provider.variable} className="flex items-center justify-between gap-3">
                <span>
                  {provider.name}{' '}
                  <code className="text-xs text-muted-foreground">{provider.variable}</code>
                </span>
                {provider.configured ? (
                  <Badge variant="green">
                    <CheckCircle2 aria-hidden />
                    set
                  </Badge>
                ) : (
                  <Badge variant="gray">
                    <AlertTriangle aria-hidden />
                    not set
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}

function MusicLibraryPanel() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Music Library</h2>
        </CardTitle>
        <CardDescription>
          Upload MP3 tracks with mood categorization (Chill, Epic, Horror, Uplifting) for the
          background music of videos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <a href="/admin/music" target="_blank" rel="noopener">
            <ExternalLink aria-hidden />
            Manage Music Library
          </a>
        </Button>
      </CardContent>
    </Card>
  )
}

function AnalyticsPanel({ stats }: { stats: DashboardProps['stats'] }) {
  const { page, lastPage, total } = stats.userMetricsPage
  const goTo = (target: number) => router.reload({ data: { page: target }, only: ['stats'] })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>User Activity Overview</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.userMetrics.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium">No User Data Available</p>
            <p className="text-sm text-muted-foreground">
              User analytics will appear here once data is loaded
            </p>
          </div>
        ) : (
          <div className="space-y-4">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>User Email</TableHead>
                  <TableHead>Credits</TableHead>
                  <TableHead>Plan</TableHead>
                  <TableHead>Videos Created</TableHead>
                  <TableHead>Videos Failed</TableHead>
                  <TableHead>Videos in Progress</TableHead>
                  <TableHead>Credit Packs Purchased</TableHead>
                  <TableHead>Joined</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stats.userMetrics.map((metric) => (
                  <TableRow key={metric.id}>
                    <TableCell className="font-medium">{metric.email}</TableCell>
                    <TableCell className="tabular-nums">{numbers.format(metric.credits)}</TableCell>
                    <TableCell>
                      <Badge variant={metric.plan === 'free' ? 'secondary' : 'default'}>
                        {metric.plan}
                      </Badge>
                    </TableCell>
                    <TableCell className="tabular-nums">{metric.videosCreated}</TableCell>
                    <TableCell className="tabular-nums">{metric.videosFailed}</TableCell>
                    <TableCell className="tabular-nums">{metric.videosDrafts}</TableCell>
                    <TableCell className="tabular-nums">{metric.creditPacksPurchased}</TableCell>
                    <TableCell>{new Date(metric.createdAt).toLocaleDateString()}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <nav
              aria-label="User pages"
              className="flex items-center justify-between gap-3 text-sm text-muted-foreground"
            >
              <span>
                Page {page} of {lastPage} · {numbers.format(total)} users
              </span>
              <span className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= lastPage}
                  onClick={() => goTo(page + 1)}
                >
                  Next
                </Button>
              </span>
            </nav>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
