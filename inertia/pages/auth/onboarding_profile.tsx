import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select } from '~/components/ui/select'
import { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'

type OnboardingProfileProps = {
  profile: {
    username: string | null
    niche: string | null
    language: string
    defaultStyle: string
  }
  styles: { id: string; name: string }[]
  languages: { name: string; displayName: string }[]
}

/** The fields this form shows errors beside. */
const FIELDS = ['username', 'niche', 'language', 'defaultStyle']

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null
}

export default function OnboardingProfile({ profile, styles, languages }: OnboardingProfileProps) {
  const write = usePageWrite()
  const { errors, processing } = write
  return (
    <>
      <Head title="Tell us about you" />
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">
            <h1>Tell us about you</h1>
          </CardTitle>
          <CardDescription>We use this to tailor your scripts and defaults.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={write.submit('put', client.urlFor('auth.onboarding_profile.update'), {
              fields: FIELDS,
              preserveScroll: false,
            })}
            className="space-y-5"
          >
            <div className="space-y-2">
              <Label htmlFor="username">Username</Label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                defaultValue={profile.username ?? ''}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? 'username-error' : undefined}
              />
              <FieldError id="username-error" message={errors.username} />
            </div>

            <div className="space-y-2">
              <Label htmlFor="niche">What do you make videos about?</Label>
              <Input
                id="niche"
                name="niche"
                placeholder="e.g. cooking, travel, tech reviews"
                defaultValue={profile.niche ?? ''}
                aria-invalid={errors.niche ? true : undefined}
                aria-describedby={errors.niche ? 'niche-error' : undefined}
              />
              <FieldError id="niche-error" message={errors.niche} />
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="language">Language</Label>
                <Select
                  id="language"
                  name="language"
                  defaultValue={profile.language}
                  aria-invalid={errors.language ? true : undefined}
                  aria-describedby={errors.language ? 'language-error' : undefined}
                >
                  {languages.map((language) => (
                    <option key={language.name} value={language.name}>
                      {language.displayName}
                    </option>
                  ))}
                </Select>
                <FieldError id="language-error" message={errors.language} />
              </div>

              <div className="space-y-2">
                <Label htmlFor="defaultStyle">Default style</Label>
                <Select
                  id="defaultStyle"
                  name="defaultStyle"
                  defaultValue={profile.defaultStyle}
                  aria-invalid={errors.defaultStyle ? true : undefined}
                  aria-describedby={errors.defaultStyle ? 'defaultStyle-error' : undefined}
                >
                  {styles.map((style) => (
                    <option key={style.id} value={style.id}>
                      {style.name}
                    </option>
                  ))}
                </Select>
                <FieldError id="defaultStyle-error" message={errors.defaultStyle} />
              </div>
            </div>

            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Button asChild variant="ghost">
                <Link href={client.urlFor('studio.create.show')}>Skip</Link>
              </Button>
              <Button type="submit" disabled={processing}>
                {processing && <Loader2 className="animate-spin" aria-hidden />}
                Continue
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  )
}
