import { Brand, SidebarBody } from '~/components/app_sidebar'
import { Sheet, SheetContent, SheetTitle } from '~/components/ui/sheet'
import type { CurrentUser } from '~/types/shared'

/** The sidebar as a sheet on small screens; loaded when the menu first opens. */
export default function MobileMenu({
  user,
  isAdmin,
  open,
  onOpenChange,
}: {
  user: CurrentUser
  isAdmin: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        className="w-64 border-sidebar-border bg-sidebar text-sidebar-foreground"
      >
        <SheetTitle className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-4">
          <Brand />
        </SheetTitle>
        <SidebarBody user={user} isAdmin={isAdmin} />
      </SheetContent>
    </Sheet>
  )
}
