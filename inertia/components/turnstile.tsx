import { useEffect, useEffectEvent, useRef, useState } from 'react'

type TurnstileRenderOptions = {
  'sitekey': string
  'callback': (token: string) => void
  'error-callback': () => void
  'expired-callback': () => void
}

declare global {
  interface Window {
    turnstile?: {
      render(container: HTMLElement, options: TurnstileRenderOptions): string
      remove(widgetId: string): void
    }
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

let scriptLoaded: Promise<void> | null = null

function loadTurnstileScript() {
  scriptLoaded ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      scriptLoaded = null
      reject(new Error('Turnstile script failed to load'))
    }
    document.head.append(script)
  })
  return scriptLoaded
}

type TurnstileProps = {
  siteKey: string | null
  onToken: (token: string | null) => void
}

// Remount it (change its `key`) for a fresh widget: Turnstile tokens are single-use
export function Turnstile({ siteKey, onToken }: TurnstileProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const emitToken = useEffectEvent((token: string | null) => onToken(token))

  useEffect(() => {
    if (!siteKey) {
      return
    }
    let cancelled = false
    let widgetId: string | undefined

    loadTurnstileScript().then(
      () => {
        if (cancelled || !containerRef.current || !window.turnstile) {
          return
        }
        widgetId = window.turnstile.render(containerRef.current, {
          'sitekey': siteKey,
          'callback': (token) => emitToken(token),
          'error-callback': () => emitToken(null),
          'expired-callback': () => emitToken(null),
        })
      },
      () => {
        if (!cancelled) {
          setLoadFailed(true)
        }
      }
    )

    return () => {
      cancelled = true
      if (widgetId !== undefined) {
        window.turnstile?.remove(widgetId)
      }
    }
  }, [siteKey])

  if (!siteKey) {
    return (
      <p
        data-testid="captcha-disabled"
        className="rounded-md border border-dashed px-3 py-2 text-center text-xs text-muted-foreground"
      >
        Captcha disabled in development
      </p>
    )
  }

  if (loadFailed) {
    return (
      <p role="alert" className="text-center text-sm text-destructive">
        The CAPTCHA could not be loaded. Please reload the page.
      </p>
    )
  }

  return <div ref={containerRef} className="flex min-h-[65px] justify-center" />
}
