import { useEffect, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { CircleAlert, Loader2 } from 'lucide-react'
import { Card, CardContent } from '~/components/ui/card'
import { ApiError } from '~/lib/api'
import { routeRequest } from '~/lib/api'

type Phase = 'verifying' | 'completing' | 'welcome' | 'failed' | 'crashed'

const messages: Record<Phase, string> = {
  verifying: 'Verifying your email link...',
  completing: 'Completing authentication...',
  welcome: 'Welcome! Setting up your account...',
  failed: 'Authentication failed. Redirecting...',
  crashed: 'Something went wrong. Redirecting...',
}

function readLinkParams() {
  const query = new URLSearchParams(window.location.search)
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const read = (key: string) => query.get(key) ?? hash.get(key)
  return {
    token: read('token') ?? read('access_token'),
    error: read('error') ?? read('error_description'),
  }
}

function isClientError(error: unknown) {
  return error instanceof ApiError && error.status < 500
}

export default function Callback() {
  const [phase, setPhase] = useState<Phase>('verifying')

  useEffect(() => {
    let cancelled = false
    const timers: number[] = []

    function redirect(url: string, delay: number) {
      if (!cancelled) {
        timers.push(window.setTimeout(() => router.visit(url), delay))
      }
    }

    function show(next: Phase) {
      if (!cancelled) {
        setPhase(next)
      }
    }

    function fail(error: unknown) {
      show(isClientError(error) ? 'failed' : 'crashed')
      redirect('/auth', 2000)
    }

    async function completeSignIn() {
      const { token, error } = readLinkParams()

      if (error) {
        show('failed')
        redirect('/auth', 2000)
        return
      }

      if (token) {
        show('completing')
        // Keep the single-use token out of the history and the Referer header
        window.history.replaceState(window.history.state, '', window.location.pathname)
        try {
          const { redirectTo } = await routeRequest('auth.link_verification.store', {
            body: { token },
          })
          show('welcome')
          redirect(redirectTo, 1500)
        } catch (verifyError) {
          fail(verifyError)
        }
        return
      }

      try {
        await routeRequest('auth.me.show')
        redirect('/', 1000)
      } catch (sessionError) {
        if (isClientError(sessionError)) {
          redirect('/auth', 2000)
        } else {
          fail(sessionError)
        }
      }
    }

    void completeSignIn()

    return () => {
      cancelled = true
      timers.forEach((timer) => window.clearTimeout(timer))
    }
  }, [])

  const failed = phase === 'failed' || phase === 'crashed'

  return (
    <>
      <Head title="Signing in" />
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
          {failed ? (
            <CircleAlert className="size-10 text-destructive" aria-hidden />
          ) : (
            <Loader2 className="size-10 animate-spin text-primary" aria-hidden />
          )}
          <p role="status" aria-live="polite" className="text-lg font-medium">
            {messages[phase]}
          </p>
        </CardContent>
      </Card>
    </>
  )
}
