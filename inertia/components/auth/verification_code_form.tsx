import { useState, type FormEvent } from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { ApiError, errorMessage } from '~/lib/api'
import { routeRequest } from '~/lib/api'
import { toast } from '~/lib/toast'

/**
 * The 6-digit code from the sign-in email, typed where the user is: /auth's
 * "Check your email" and /test-auth (docs/product.md). A wrong or expired
 * code is shown under the field, anything else as a toast. `onVerified`
 * receives where the server sends a new or returning user.
 */
export function VerificationCodeForm({
  email,
  onVerified,
  onBack,
  backLabel = 'Use a different email',
}: {
  email: string
  onVerified: (redirectTo: string) => void
  onBack: () => void
  backLabel?: string
}) {
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function verifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setCodeError(null)
    try {
      const { redirectTo } = await routeRequest('auth.code_verification.store', {
        body: { email, code },
      })
      onVerified(redirectTo)
    } catch (error) {
      const message = errorMessage(error)
      if (error instanceof ApiError && error.status === 422) {
        setCodeError(message)
      } else {
        toast.error(message)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="space-y-4" onSubmit={verifyCode}>
      <div className="space-y-2">
        <Label htmlFor="code">Verification code</Label>
        <Input
          id="code"
          name="code"
          required
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className="text-center font-mono text-lg! tracking-[0.5em]"
          value={code}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? 'code-error' : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {codeError && (
          <p id="code-error" className="text-sm text-destructive">
            {codeError}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={busy || !code}>
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        Verify & Sign In
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {backLabel}
      </Button>
    </form>
  )
}
