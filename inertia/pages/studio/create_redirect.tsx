import { useEffect } from 'react'
import { Head, router } from '@inertiajs/react'
import { Loader2 } from 'lucide-react'

export default function CreateRedirect() {
  useEffect(() => {
    router.visit('/setup', { replace: true })
  }, [])

  return (
    <>
      <Head title="Redirecting..." />
      <div
        role="status"
        className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-muted-foreground"
      >
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <p>Redirecting...</p>
      </div>
    </>
  )
}
