import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { MailCheck } from 'lucide-react'
import { MagicLinkForm } from '~/components/auth/magic_link_form'
import { VerificationCodeForm } from '~/components/auth/verification_code_form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

type Mode = 'sign_in' | 'sign_up'

type SignInProps = {
  captchaSiteKey: string | null
  signupCredits: number
  initialMode: Mode
}

export default function SignIn({ captchaSiteKey, signupCredits, initialMode }: SignInProps) {
  const [mode, setMode] = useState<Mode>(initialMode)
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)

  const signingUp = mode === 'sign_up'

  if (sentTo) {
    return (
      <>
        <Head title="Check your email" />
        <Card className="w-full max-w-md text-center">
          <CardHeader className="justify-items-center">
            <MailCheck className="mb-2 size-10 text-primary" aria-hidden />
            <CardTitle className="text-xl">
              <h1>Check your email</h1>
            </CardTitle>
            <CardDescription>
              We sent a magic link to <strong className="text-foreground">{sentTo}</strong>. Open it
              to continue, or type the 6-digit code from the same email.
            </CardDescription>
          </CardHeader>
          <CardContent className="text-left">
            <VerificationCodeForm
              email={sentTo}
              onVerified={(redirectTo) => router.visit(redirectTo)}
              onBack={() => setSentTo(null)}
              backLabel="Back to sign in"
            />
          </CardContent>
        </Card>
      </>
    )
  }

  return (
    <>
      <Head title={signingUp ? 'Sign up' : 'Sign in'} />
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">
            <h1>{signingUp ? 'Create your account' : 'Sign in'}</h1>
          </CardTitle>
          <CardDescription>
            {signingUp
              ? `Sign up and get ${signupCredits} free credits`
              : "Enter your email and we'll send you a magic link."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <MagicLinkForm
            mode={mode}
            captchaSiteKey={captchaSiteKey}
            email={email}
            onEmailChange={setEmail}
            submitLabel={signingUp ? 'Sign up with magic link' : 'Send magic link'}
            sentDescription={
              signingUp
                ? `Check your email for the signup link. You'll get ${signupCredits} free video credits!`
                : 'Check your email for the sign-in link.'
            }
            onSent={() => setSentTo(email)}
          />

          <p className="text-center text-sm text-muted-foreground">
            {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
            <Button
              type="button"
              variant="link"
              size="inline"
              onClick={() => setMode(signingUp ? 'sign_in' : 'sign_up')}
            >
              {signingUp ? 'Sign in' : 'Sign up'}
            </Button>
          </p>

          <p className="text-center text-sm">
            <Link
              href={client.urlFor('auth.test_auth.show')}
              className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Sign in with a 6-digit code
            </Link>
          </p>
        </CardContent>
      </Card>
    </>
  )
}
