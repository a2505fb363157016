import { Link } from '@adonisjs/inertia/react'
import { KeyRound } from 'lucide-react'
import { client } from '~/lib/client'

/** A generation that failed on the provider's credentials: the admin hint shows. */
export function looksLikeAuthFailure(text: string | null | undefined) {
  return !!text && /api[\s_-]?key|configuration|\b401\b/i.test(text)
}

export function AdminHint({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">This looks like an API authentication problem.</p>
        <p>
          Administrators: check the video provider API credentials (FAL_KEY and the other provider
          keys) in the server configuration, then try again.
        </p>
        {isAdmin && (
          <Link
            href={client.urlFor('admin.dashboard.show')}
            className="font-medium underline underline-offset-4"
          >
            Open Admin Dashboard
          </Link>
        )}
      </div>
    </div>
  )
}
