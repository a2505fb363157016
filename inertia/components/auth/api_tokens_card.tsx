import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Copy, KeyRound, Trash2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { useShownOnce } from '~/hooks/use_shown_once'

export type ApiTokensProps = {
  available: boolean
  tokens: Data.Auth.ApiToken[]
  created: { name: string; secret: string } | null
}

function formatDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : 'Never'
}

/** The secret of a token just created: shown on this page only, until hidden. */
function NewTokenSecret({
  name,
  secret,
  onHide,
}: {
  name: string
  secret: string
  onHide: () => void
}) {
  async function copy() {
    await navigator.clipboard.writeText(secret)
    toast.success('Token copied')
  }
  return (
    <div className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-4" role="status">
      <p className="text-sm font-medium">
        Your new token &ldquo;{name}&rdquo;. Copy it now: it will not be shown again.
      </p>
      <div className="flex gap-2">
        <Input readOnly value={secret} aria-label="New API token" className="font-mono" />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button type="button" variant="ghost" onClick={onHide}>
          Done
        </Button>
      </div>
    </div>
  )
}

/** Personal access tokens for the agency API: create (named), list, revoke. */
export function ApiTokensCard({ available, tokens, created }: ApiTokensProps) {
  const write = usePageWrite()
  const { errors, processing } = write
  const secret = useShownOnce(created)
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h2>API Tokens</h2>
        </CardTitle>
        <CardDescription>
          {available
            ? 'Programs call the Reelforge API with a token: Authorization: Bearer <token>.'
            : tokens.length > 0
              ? 'API access is part of the Agency plan: these tokens are refused until you are back on it.'
              : 'API access is part of the Agency plan.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!available && (
          <Button asChild variant="outline">
            <Link route="billing.plans.show">See plans</Link>
          </Button>
        )}
        {available && secret.kept && <NewTokenSecret {...secret.kept} onHide={secret.hide} />}
        {available && (
          <form
            onSubmit={write.submit('post', client.urlFor('auth.api_tokens.store'), {
              reset: true,
              fields: ['name'],
            })}
            className="flex items-end gap-2"
          >
            <div className="flex-1 space-y-2">
              <Label htmlFor="api-token-name">Token name</Label>
              <Input
                id="api-token-name"
                name="name"
                placeholder="e.g. Publishing script"
                maxLength={80}
                required
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? 'api-token-name-error' : undefined}
              />
              {errors.name && (
                <p id="api-token-name-error" className="text-sm text-destructive">
                  {errors.name}
                </p>
              )}
            </div>
            <Button type="submit" disabled={processing}>
              <KeyRound aria-hidden />
              {processing ? 'Creating...' : 'Create token'}
            </Button>
          </form>
        )}
        {available && tokens.length === 0 && (
          <p className="text-sm text-muted-foreground">No tokens yet.</p>
        )}
        {tokens.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label="API tokens">
            {tokens.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-4 p-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="truncate font-medium">{token.name}</p>
                  <p className="text-sm text-muted-foreground">
                    Created {formatDate(token.createdAt)} · Last used {formatDate(token.lastUsedAt)}
                  </p>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
                      <Trash2 aria-hidden />
                      Revoke
                    </Button>
                  }
                  title={`Revoke "${token.name}"?`}
                  description="Programs using this token can no longer call the API. This cannot be undone."
                  confirmLabel="Revoke"
                  busyLabel="Revoking..."
                  onConfirm={() =>
                    new Promise<boolean>((resolve) =>
                      router.delete(client.urlFor('auth.api_tokens.destroy', { id: token.id }), {
                        preserveScroll: true,
                        onSuccess: () => resolve(true),
                        onFinish: () => resolve(false),
                      })
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
