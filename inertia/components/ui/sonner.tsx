import type { CSSProperties } from 'react'
import { useSyncExternalStore } from 'react'
import { Toaster as Sonner } from 'sonner'
import type { ToasterProps } from 'sonner'

type Theme = NonNullable<ToasterProps['theme']>

function subscribeToThemeChanges(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

function readServerTheme(): Theme {
  return 'light'
}

// Follows the `.dark` class on <html> so toasts match the app theme rather than the OS one
function useDocumentTheme() {
  return useSyncExternalStore(subscribeToThemeChanges, readTheme, readServerTheme)
}

function Toaster(props: Omit<ToasterProps, 'visibleToasts'>) {
  const theme = useDocumentTheme()

  return (
    <Sonner
      theme={theme}
      position="top-center"
      duration={5000}
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as CSSProperties
      }
      {...props}
      visibleToasts={1}
    />
  )
}

export { Toaster }
