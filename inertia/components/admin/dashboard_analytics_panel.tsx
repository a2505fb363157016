import { router } from '@inertiajs/react'
import type { Data } from '@generated/data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'

const numbers = new Intl.NumberFormat('en-US')

/** The dashboard's Analytics tab: one page of users at a time, read from the server. */
export function AnalyticsPanel({ stats }: { stats: Data.Admin.AdminStats }) {
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
