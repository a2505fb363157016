import { clsx } from 'clsx'
import type { ClassValue } from 'clsx'

/**
 * Joins class names. Classes are not deduplicated by utility: a component's
 * base classes and a caller's `className` must not set the same property
 * (components take a variant or size prop for that instead).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}

export function capitalize(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1)
}
