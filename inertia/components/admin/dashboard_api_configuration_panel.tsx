import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** The dashboard's API Configuration tab: the video API and which provider keys are set. */
export function ApiConfigurationPanel({
  configuration,
}: {
  configuration: Data.Admin.ApiConfiguration
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
