import type { ReactElement } from 'react'
import type { LucideIcon } from 'lucide-react'
import {
  CalendarClock,
  Clapperboard,
  Coins,
  CreditCard,
  House,
  LogOut,
  Palette,
  SquarePlus,
  ShieldCheck,
  User,
  Video,
} from 'lucide-react'
import { router, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { PlanBadge } from '~/components/plan_badge'
import { Button } from '~/components/ui/button'
import { Tooltip } from '~/components/ui/tooltip'
import { cn } from '~/lib/utils'
import type { CurrentUser } from '~/types/shared'
import { client } from '~/lib/client'

type NavItem = {
  label: string
  href: string
  icon: LucideIcon
  activeFor?: string[]
  /** Shown only on a plan with brand kits. */
  brands?: true
}

const mainItems: NavItem[] = [
  { label: 'Home', href: client.urlFor('studio.dashboard.show'), icon: House },
  {
    label: 'Create Video',
    href: client.urlFor('studio.create.show'),
    icon: SquarePlus,
    activeFor: ['/create', '/setup', '/storyboard'],
  },
  {
    label: 'My Videos',
    href: client.urlFor('studio.videos.index'),
    icon: Video,
    activeFor: ['/videos', '/status', '/player'],
  },
  {
    label: 'Series',
    href: client.urlFor('studio.series_pages.index'),
    icon: CalendarClock,
  },
  {
    label: 'Brand kits',
    href: client.urlFor('studio.brand_kits.index'),
    icon: Palette,
    brands: true,
  },
  {
    label: 'Billing',
    href: client.urlFor('billing.billing.show'),
    icon: CreditCard,
    activeFor: ['/billing', '/plans'],
  },
  { label: 'Profile', href: client.urlFor('auth.profile.show'), icon: User },
]

const adminItem: NavItem = {
  label: 'Admin Dashboard',
  href: client.urlFor('admin.dashboard.show'),
  icon: ShieldCheck,
}

function formatCredits(credits: number) {
  return `${credits.toLocaleString()} ${credits === 1 ? 'credit' : 'credits'}`
}

function isActive(path: string, item: NavItem) {
  return (item.activeFor ?? [item.href]).some((prefix) =>
    prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`)
  )
}

function WithTooltip({
  label,
  show,
  children,
}: {
  label: string
  show: boolean
  children: ReactElement
}) {
  return show ? (
    <Tooltip label={label} side="right">
      {children}
    </Tooltip>
  ) : (
    children
  )
}

function NavLink({ item, path, collapsed }: { item: NavItem; path: string; collapsed: boolean }) {
  const Icon = item.icon
  const active = isActive(path, item)

  return (
    <WithTooltip label={item.label} show={collapsed}>
      <Link
        href={item.href}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? item.label : undefined}
        className={cn(
          'flex h-9 items-center gap-3 rounded-md text-sm font-medium outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
          active
            ? 'bg-sidebar-accent text-sidebar-accent-foreground'
            : 'text-sidebar-foreground/80',
          collapsed ? 'justify-center' : 'px-3'
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {!collapsed && <span className="truncate">{item.label}</span>}
      </Link>
    </WithTooltip>
  )
}

export function Brand() {
  return (
    <Link
      href={client.urlFor('studio.dashboard.show')}
      className="flex items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Clapperboard className="size-5 text-primary" aria-hidden />
      Reelforge
    </Link>
  )
}

function AccountSummary({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  if (collapsed) {
    return (
      <div
        className="flex flex-col items-center gap-1 border-b border-sidebar-border py-3"
        title={formatCredits(user.credits)}
      >
        <Coins className="size-4 text-muted-foreground" aria-hidden />
        <span className="text-xs font-semibold tabular-nums">{user.credits.toLocaleString()}</span>
        <span className="sr-only">credits</span>
      </div>
    )
  }

  return (
    <div className="space-y-2 border-b border-sidebar-border p-4">
      <p className="truncate text-sm font-medium" title={user.email}>
        {user.email}
      </p>
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Coins className="size-4" aria-hidden />
          {formatCredits(user.credits)}
        </span>
        <PlanBadge plan={user.plan} />
      </div>
    </div>
  )
}

export function SidebarBody({
  user,
  isAdmin,
  collapsed = false,
}: {
  user: CurrentUser
  isAdmin: boolean
  collapsed?: boolean
}) {
  const path = usePage().url.split(/[?#]/)[0]

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <AccountSummary user={user} collapsed={collapsed} />
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {mainItems
            .filter((item) => !item.brands || user.brandLimit > 0)
            .map((item) => (
              <li key={item.href}>
                <NavLink item={item} path={path} collapsed={collapsed} />
              </li>
            ))}
        </ul>
        {isAdmin && (
          <div className="mt-6 space-y-1">
            {collapsed ? (
              <hr className="mx-2 mb-2 border-sidebar-border" />
            ) : (
              <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Admin
              </h2>
            )}
            <ul>
              <li>
                <NavLink item={adminItem} path={path} collapsed={collapsed} />
              </li>
            </ul>
          </div>
        )}
      </nav>
      <div className="border-t border-sidebar-border p-2">
        <WithTooltip label="Sign Out" show={collapsed}>
          <Button
            variant="ghost"
            aria-label={collapsed ? 'Sign Out' : undefined}
            className={cn('w-full', collapsed ? 'justify-center px-0!' : 'justify-start')}
            onClick={() => router.post('/auth/sign-out')}
          >
            <LogOut aria-hidden />
            {!collapsed && 'Sign Out'}
          </Button>
        </WithTooltip>
      </div>
    </div>
  )
}
