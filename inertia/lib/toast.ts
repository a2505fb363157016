import type { ExternalToast } from 'sonner'

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | undefined

/**
 * Sonner is not part of a page's first download: it loads with the first
 * toast, or when the Toaster mounts right after the first paint. A toast
 * raised before the Toaster subscribes is replayed by sonner on subscribe.
 */
export function loadSonner() {
  sonner ??= import('sonner')
  return sonner
}

function show(kind?: 'success' | 'error') {
  return (message: string, data?: ExternalToast) => {
    void loadSonner().then(({ toast: sonnerToast }) =>
      kind ? sonnerToast[kind](message, data) : sonnerToast(message, data)
    )
  }
}

export const toast = Object.assign(show(), { success: show('success'), error: show('error') })
