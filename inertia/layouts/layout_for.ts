import type { ReactNode } from 'react'
import AppLayout from '~/layouts/app_layout'
import AuthLayout from '~/layouts/auth_layout'
import PublicLayout from '~/layouts/public_layout'

type Layout = (props: { children: ReactNode }) => ReactNode

// Signed-in screens that live in the auth module but belong in the app shell
const appShellAuthPages = new Set(['auth/profile', 'auth/dev_mailbox'])

/**
 * Pages pick their layout by name prefix; a page may still set its own
 * `layout` to override this.
 */
export function layoutFor(pageName: string): Layout {
  if (pageName.startsWith('core/')) {
    return PublicLayout
  }
  if (pageName.startsWith('auth/') && !appShellAuthPages.has(pageName)) {
    return AuthLayout
  }
  return AppLayout
}
