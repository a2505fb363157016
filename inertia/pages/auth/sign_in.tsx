import { useState, type FormEvent } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Loader2, MailCheck } from 'lucide-react'
import { toast } from 'sonner'
import { Turnstile } from '~/components/turnstile'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { apiRequest, errorMessage } from '~/lib/api'

type Mode = 'sign_in' | 'sign_up'

type SignInProps = {
  captchaSiteKey: string | null
  signupCredits: number
  initialMode: Mode
}

export default function SignIn({ captchaSiteKey, signupCredits, initialMode }: SignInProps) {
  const [mode, setMode] = useState<Mode>(initialMode)
  const [email, setEmail] = useState('')
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)
  const [captchaKey, setCaptchaKey] = useState(0)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  const signingUp = mode === 'sign_up'
  const captchaMissing = captchaSiteKey !== null && !captchaToken

  function resetCaptcha() {
    setCaptchaToken(null)
    setCaptchaKey((key) => key + 1)
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (captchaMissing) {
      toast.error('CAPTCHA required', { description: 'Please complete the CAPTCHA verification.' })
      return
    }

    setBusy(true)
    try {
      await apiRequest('POST', '/api/auth/magic-link', { email, captchaToken, mode })
      toast.success('Magic link sent!', {
        description: signingUp
          ? `Check your email for the signup link. You'll get ${signupCredits} free video credits!`
          : 'Check your email for the sign-in link.',
      })
      setCaptchaToken(null)
      setSentTo(email)
    } catch (error) {
      toast.error('Unable to send magic link', { description: errorMessage(error) })
      // The server may have spent the token before failing; a new one is needed either way
      resetCaptcha()
    } finally {
      setBusy(false)
    }
  }

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
              to continue.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" className="w-full" onClick={() => setSentTo(null)}>
              Back to sign in
            </Button>
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
          <form className="space-y-4" onSubmit={handleSubmit}>
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
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <Turnstile key={captchaKey} siteKey={captchaSiteKey} onToken={setCaptchaToken} />
            <Button type="submit" className="w-full" disabled={busy || !email || captchaMissing}>
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {busy ? 'Sending...' : signingUp ? 'Sign up with magic link' : 'Send magic link'}
            </Button>
          </form>

          <p className="text-center text-sm text-muted-foreground">
            {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={() => setMode(signingUp ? 'sign_in' : 'sign_up')}
            >
              {signingUp ? 'Sign in' : 'Sign up'}
            </Button>
          </p>

          <p className="text-center text-sm">
            <Link
              href="/test-auth"
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
