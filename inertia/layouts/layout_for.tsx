import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import AppLayout from '~/layouts/app_layout'
import AuthLayout from '~/layouts/auth_layout'
import PublicLayout from '~/layouts/public_layout'

type Layout = (props: { children: ReactNode }) => ReactNode

/** The app shell for a signed-in user (who keeps the nav on a 404), the brand bar otherwise. */
function ShellWhenSignedIn({ children }: { children: ReactNode }) {
  const { user } = usePage<SharedProps>().props
  return user ? <AppLayout>{children}</AppLayout> : <PublicLayout>{children}</PublicLayout>
}

// Signed-in screens that live in the auth module but belong in the app shell
const appShellAuthPages = new Set(['auth/profile', 'auth/dev_mailbox'])

/**
 * Pages pick their layout by name prefix; a page may still set its own
 * `layout` to override this.
 */
export function layoutFor(pageName: string): Layout {
  if (pageName === 'core/not_found') {
    return ShellWhenSignedIn
  }
  if (pageName.startsWith('core/')) {
    return PublicLayout
  }
  if (pageName.startsWith('auth/') && !appShellAuthPages.has(pageName)) {
    return AuthLayout
  }
  return AppLayout
}
