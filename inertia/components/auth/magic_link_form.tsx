import { useState, type FormEvent, type ReactNode } from 'react'
import { Loader2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Turnstile } from '~/components/turnstile'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { ApiError, errorMessage } from '~/lib/api'
import { routeRequest } from '~/lib/api'

type MagicLinkFormProps = {
  mode: 'sign_in' | 'sign_up'
  captchaSiteKey: string | null
  email: string
  onEmailChange: (email: string) => void
  submitLabel: string
  /** The success toast's description. */
  sentDescription: string
  onSent: () => void
  disabled?: boolean
  /** Shown above the email field. */
  children?: ReactNode
}

/**
 * The email + captcha form that sends a sign-in mail (magic link and code),
 * used by /auth and /test-auth. A captcha token is spent by every attempt,
 * so a new one is asked for after each.
 */
export function MagicLinkForm({
  mode,
  captchaSiteKey,
  email,
  onEmailChange,
  submitLabel,
  sentDescription,
  onSent,
  disabled = false,
  children,
}: MagicLinkFormProps) {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)
  const [captchaKey, setCaptchaKey] = useState(0)
  const [busy, setBusy] = useState(false)
  const captchaMissing = captchaSiteKey !== null && !captchaToken

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (captchaMissing) {
      toast.error('CAPTCHA required', { description: 'Please complete the CAPTCHA verification.' })
      return
    }
    setBusy(true)
    try {
      await routeRequest('auth.magic_link.store', { body: { email, captchaToken, mode } })
      toast.success('Magic link sent!', { description: sentDescription })
      setCaptchaToken(null)
      onSent()
    } catch (error) {
      const unavailable = error instanceof ApiError && error.status === 503
      toast.error(unavailable ? 'Magic link unavailable' : 'Unable to send magic link', {
        description: errorMessage(error),
      })
      // The server may have spent the token before failing; a new one is needed either way
      setCaptchaToken(null)
      setCaptchaKey((key) => key + 1)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="space-y-4" onSubmit={send}>
      {children}
      <div className="space-y-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </div>
      <Turnstile key={captchaKey} siteKey={captchaSiteKey} onToken={setCaptchaToken} />
      <Button
        type="submit"
        className="w-full"
        disabled={busy || disabled || !email || captchaMissing}
      >
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {busy ? 'Sending...' : submitLabel}
      </Button>
    </form>
  )
}
