import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { CircleAlert } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'

export default function NotFound({ path }: { path: string }) {
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
              <Link href="/">Back to Home</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  )
}
