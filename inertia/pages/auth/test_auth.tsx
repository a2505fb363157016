import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { MagicLinkForm } from '~/components/auth/magic_link_form'
import { VerificationCodeForm } from '~/components/auth/verification_code_form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

type TestAuthProps = {
  captchaSiteKey: string | null
  mailAvailable: boolean
}

type Step = 'email' | 'code' | 'done'

/** docs/product.md, "Sign in with a code (/test-auth)": the email, then the code. */
export default function TestAuth({ captchaSiteKey, mailAvailable }: TestAuthProps) {
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')

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

          {step === 'email' && (
            <p className="text-center text-sm">
              <Button
                type="button"
                variant="link"
                size="inline"
                disabled={!email}
                onClick={() => setStep('code')}
              >
                I already have a code
              </Button>
            </p>
          )}

          {step === 'code' && (
            <VerificationCodeForm
              email={email}
              onVerified={() => {
                setStep('done')
                setTimeout(() => router.visit(client.urlFor('billing.onboarding_plan.show')), 1000)
              }}
              onBack={() => setStep('email')}
            />
          )}

          {step === 'done' && (
            <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
              <CircleCheck className="size-10 text-emerald-600" aria-hidden />
              <p className="text-lg font-medium">Authentication successful!</p>
            </div>
          )}

          <p className="text-center text-sm">
            <Link
              href={client.urlFor('auth.sign_in.show')}
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
