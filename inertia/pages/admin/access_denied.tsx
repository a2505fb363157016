import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ShieldX } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

export default function AccessDenied() {
  return (
    <>
      <Head title="Access Denied" />
      <div className="flex flex-1 items-center justify-center py-16">
        <Card className="w-full max-w-md text-center">
          <CardHeader className="items-center!">
            <ShieldX className="mx-auto size-10 text-destructive" aria-hidden />
            <CardTitle className="text-xl">
              <h1>Access Denied</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-muted-foreground">
              <span className="sr-only">Access Denied: </span>
              You don&apos;t have permission to access the admin dashboard.
            </p>
            <Button asChild variant="outline">
              <Link href={client.urlFor('studio.dashboard.show')}>Back to Home</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  )
}
