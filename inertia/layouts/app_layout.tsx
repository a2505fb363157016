import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { router, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { Brand, SidebarBody } from '~/components/app_sidebar'
import { Toasts } from '~/components/toasts'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

const MobileMenu = lazy(() => import('~/components/mobile_menu'))

function Content({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col px-4 py-6 sm:px-6 lg:px-8">
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col">{children}</div>
    </main>
  )
}

/** The server reads this cookie into `sidebarCollapsed`, so a reload paints the same width. */
function rememberCollapsed(collapsed: boolean) {
  document.cookie = `sidebar_collapsed=${collapsed ? 1 : 0}; path=/; max-age=31536000; samesite=lax`
}

export default function AppLayout({ children }: { children: ReactNode }) {
  const { user, isAdmin, sidebarCollapsed } = usePage<SharedProps>().props
  const [collapsed, setCollapsed] = useState(sidebarCollapsed)
  const [menuOpen, setMenuOpen] = useState(false)

  useEffect(() => router.on('navigate', () => setMenuOpen(false)), [])

  if (!user) {
    return (
      <div className="flex min-h-dvh flex-col">
        <Content>{children}</Content>
        <Toasts />
      </div>
    )
  }

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow-md"
      >
        Skip to content
      </a>

      <aside
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:flex',
          collapsed ? 'w-16' : 'w-64'
        )}
      >
        <div
          className={cn(
            'flex h-14 shrink-0 items-center border-b border-sidebar-border px-3',
            collapsed ? 'justify-center' : 'justify-between'
          )}
        >
          {!collapsed && <Brand />}
          <Button
            variant="ghost"
            size="icon"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => {
              rememberCollapsed(!collapsed)
              setCollapsed(!collapsed)
            }}
          >
            {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          </Button>
        </div>
        <SidebarBody user={user} isAdmin={isAdmin} collapsed={collapsed} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden />
          </Button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu user={user} isAdmin={isAdmin} open onOpenChange={setMenuOpen} />
            </Suspense>
          )}
          <Brand />
        </header>
        <Content>{children}</Content>
      </div>

      <Toasts />
    </div>
  )
}
