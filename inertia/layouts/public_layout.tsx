import type { ReactNode } from 'react'
import { Clapperboard } from 'lucide-react'
import { Link } from '@adonisjs/inertia/react'
import { Toasts } from '~/components/toasts'
import { client } from '~/lib/client'

/**
 * Pages seen without the signed-in shell: a brand bar and the content.
 */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <Link
            href={client.urlFor('studio.dashboard.show')}
            className="flex items-center gap-2 font-semibold"
          >
            <Clapperboard className="size-5 text-primary" aria-hidden />
            Reelforge
          </Link>
        </div>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <Toasts />
    </div>
  )
}
