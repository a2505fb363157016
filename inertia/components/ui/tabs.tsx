import { createContext, use, useId, useState } from 'react'
import type { ComponentProps, KeyboardEvent } from 'react'
import { cn } from '~/lib/utils'

type TabsState = { value: string; select: (value: string) => void; id: string }

const TabsContext = createContext<TabsState | null>(null)

function useTabs() {
  const state = use(TabsContext)
  if (!state) throw new Error('Tabs parts must be rendered inside <Tabs>')
  return state
}

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move and select, only the active panel is rendered. */
function Tabs({ value, defaultValue = '', onValueChange, className, ...props }: TabsProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue)
  const state: TabsState = {
    value: value ?? uncontrolled,
    select: (next) => {
      if (value === undefined) setUncontrolled(next)
      onValueChange?.(next)
    },
    id: useId(),
  }
  return (
    <TabsContext value={state}>
      <div data-slot="tabs" className={cn('flex flex-col gap-2', className)} {...props} />
    </TabsContext>
  )
}

function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      data-slot="tabs-list"
      className={cn(
        'inline-flex min-h-9 w-fit max-w-full flex-wrap items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground',
        className
      )}
      {...props}
    />
  )
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs()
  const selected = tabs.value === value

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const move = NEXT[event.key]
    const list = event.currentTarget.closest('[role="tablist"]')
    if (!move || !list) return
    const all = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
    const target = all[move(all.indexOf(event.currentTarget), all.length)]
    event.preventDefault()
    target.focus()
    target.click()
  }

  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.id}tab-${value}`}
      aria-selected={selected}
      aria-controls={`${tabs.id}panel-${value}`}
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      data-state={selected ? 'active' : 'inactive'}
      className={cn(
        "inline-flex h-8 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2.5 py-1 text-sm font-medium text-muted-foreground outline-none transition-[color,background-color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className
      )}
      onClick={() => tabs.select(value)}
      onKeyDown={onKeyDown}
      {...props}
    />
  )
}

function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs()
  if (tabs.value !== value) return null
  return (
    <div
      role="tabpanel"
      id={`${tabs.id}panel-${value}`}
      aria-labelledby={`${tabs.id}tab-${value}`}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn(
        'flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className
      )}
      {...props}
    />
  )
}

export { Tabs, TabsList, TabsTrigger, TabsContent }
