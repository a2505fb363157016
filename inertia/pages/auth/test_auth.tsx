import { useState, type FormEvent } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import { MagicLinkForm } from '~/components/auth/magic_link_form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { ApiError, callRoute, errorMessage } from '~/lib/api'

type TestAuthProps = {
  captchaSiteKey: string | null
  mailAvailable: boolean
}

type Step = 'email' | 'code' | 'done'

export default function TestAuth({ captchaSiteKey, mailAvailable }: TestAuthProps) {
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function verifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setCodeError(null)
    try {
      await callRoute('auth.code_verification.store', { body: { email, code } })
      setStep('done')
      setTimeout(() => router.visit('/onboarding/plan'), 1000)
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
    <>
      <Head title="Sign in with a code" />
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">
            <h1>Sign in with a code</h1>
          </CardTitle>
          <CardDescription>
            {step === 'email'
              ? "We'll email you a magic link with a 6-digit code."
              : `Enter the 6-digit code we sent to ${email}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {step === 'email' && (
            <MagicLinkForm
              mode="sign_in"
              captchaSiteKey={captchaSiteKey}
              email={email}
              onEmailChange={setEmail}
              submitLabel="Send magic link"
              sentDescription="Check your email for the sign-in link."
              onSent={() => setStep('code')}
              disabled={!mailAvailable}
            >
              {!mailAvailable && (
                <div
                  role="alert"
                  className="flex gap-3 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                  <div>
                    <p className="font-medium">Magic link unavailable</p>
                    <p className="text-muted-foreground">
                      Email delivery is not configured on this server.
                    </p>
                  </div>
                </div>
              )}
            </MagicLinkForm>
          )}

          {step === 'code' && (
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
              <Button
                type="button"
                variant="ghost"
                className="w-full"
                onClick={() => {
                  setStep('email')
                  setCode('')
                  setCodeError(null)
                }}
              >
                Use a different email
              </Button>
            </form>
          )}

          {step === 'done' && (
            <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
              <CircleCheck className="size-10 text-emerald-600" aria-hidden />
              <p className="text-lg font-medium">Authentication successful!</p>
            </div>
          )}

          <p className="text-center text-sm">
            <Link
              href="/auth"
              className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Back to main auth
            </Link>
          </p>
        </CardContent>
      </Card>
    </>
  )
}
