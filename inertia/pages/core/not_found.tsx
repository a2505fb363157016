import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, CircleAlert, FileQuestion, Home } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { client } from '~/lib/client'

type NotFoundProps = {
  path: string
  /** What was missing, when a route matched but the record did not ('project', 'video' …). */
  resource: string | null
}

/** A record that is missing or someone else's (docs/product.md, Not found: 'Project not found', 'Video not found'). */
function MissingResource({ resource }: { resource: string }) {
  const title = `${resource.charAt(0).toUpperCase()}${resource.slice(1)} not found`
  return (
    <>
      <Head title={title} />
      <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
        <FileQuestion className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">
          {`This ${resource} does not exist or belongs to another account.`}
        </p>
        <Button asChild>
          {resource === 'project' ? (
            <Link route="studio.setup.show">
              <ArrowLeft aria-hidden />
              Back to Setup
            </Link>
          ) : (
            <Link route="studio.dashboard.show">
              <Home aria-hidden />
              Back to Home
            </Link>
          )}
        </Button>
      </div>
    </>
  )
}

export default function NotFound({ path, resource }: NotFoundProps) {
  if (resource) {
    return <MissingResource resource={resource} />
  }
  return (
    <>
      <Head title="Page Not Found" />
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <Card className="w-full max-w-md">
          <CardContent className="space-y-4">
            <div className="flex items-center gap-2">
              <CircleAlert className="size-8 text-destructive" aria-hidden />
              <h1 className="text-2xl font-bold">404 Page Not Found</h1>
            </div>
            <p className="text-sm text-muted-foreground">
              Did you forget to add the page to the router? Nothing is registered at{' '}
              <code className="rounded bg-muted px-1 py-0.5 break-all">{path}</code>.
            </p>
            <Button asChild>
              <Link href={client.urlFor('studio.dashboard.show')}>Back to Home</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  )
}
