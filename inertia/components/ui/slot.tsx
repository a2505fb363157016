import { cloneElement, isValidElement } from 'react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/utils'

type Props = Record<string, unknown>

function composeRefs(...refs: unknown[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = node
    }
  }
}

/**
 * `asChild`: renders its only child with the slot's props merged in. The
 * child's own props win, except that classes are joined, styles merged,
 * refs both set and event handlers both called (the child's first).
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement<Props>(children)) return null
  const childProps = children.props
  const merged: Props = { ...slotProps, ...childProps }
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key]
    if (childValue === undefined) continue
    if (
      /^on[A-Z]/.test(key) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[key] = (...args: unknown[]) => {
        childValue(...args)
        slotValue(...args)
      }
    } else if (key === 'className') {
      merged.className = cn(slotValue as string, childValue as string)
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) }
    } else if (key === 'ref') {
      merged.ref = composeRefs(slotValue, childValue)
    }
  }
  return cloneElement(children, merged)
}
