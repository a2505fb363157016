import { useEffect } from 'react'
import { Head, router } from '@inertiajs/react'
import { Loader2 } from 'lucide-react'

/**
 * The two redirect pages (docs/product.md, "Setup (/setup)"): /create
 * ('Redirecting...') and /start ('Redirecting to Setup...'); both land on
 * /setup with the same query. Signed-out
 * visitors never get here: the server sends them to /auth first.
 */
export default function Redirect({ message, to }: { message: string; to: string }) {
  useEffect(() => {
    // The query travels on: a link may prefill the script, style and duration.
    router.visit(`${to}${window.location.search}`, { replace: true })
  }, [to])

  return (
    <>
      <Head title={message} />
      <div
        role="status"
        className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-muted-foreground"
      >
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <p>{message}</p>
      </div>
    </>
  )
}
