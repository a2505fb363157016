import { useState, type FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Copy, Pencil, RotateCw, Trash2, Webhook } from 'lucide-react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { useShownOnce } from '~/hooks/use_shown_once'

type Endpoint = Data.Auth.WebhookEndpoint
type Delivery = Endpoint['deliveries'][number]

export type WebhooksProps = {
  available: boolean
  events: string[]
  endpoints: Endpoint[]
  created: { id: number; secret: string } | null
}

const STATUS_LABEL: Record<Delivery['status'], string> = {
  pending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
}

function formatTime(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : '—'
}

/** The signing secret of an endpoint just added: shown on this page only, until hidden. */
function NewEndpointSecret({ secret, onHide }: { secret: string; onHide: () => void }) {
  async function copy() {
    await navigator.clipboard.writeText(secret)
    toast.success('Signing secret copied')
  }
  return (
    <div className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-4" role="status">
      <p className="text-sm font-medium">
        The endpoint&rsquo;s signing secret. Copy it now: it will not be shown again.
      </p>
      <div className="flex gap-2">
        <Input readOnly value={secret} aria-label="Signing secret" className="font-mono" />
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

type EndpointFormProps = {
  events: string[]
  /** The endpoint being changed; none: a new one is added. */
  endpoint?: Endpoint
  onDone?: () => void
  onCancel?: () => void
}

/** Adds an endpoint, or changes an existing one's address and events (its secret stays). */
function EndpointForm({ events, endpoint, onDone, onCancel }: EndpointFormProps) {
  const write = usePageWrite()
  const { errors, processing } = write
  const [chosen, setChosen] = useState<string[]>(
    endpoint?.events ?? ['video.completed', 'video.failed']
  )
  const idPrefix = endpoint ? `webhook-${endpoint.id}` : 'webhook'

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const url = String(new FormData(form).get('url') ?? '')
    const sent = endpoint
      ? write.send(
          'patch',
          client.urlFor('auth.profile_webhooks.update', { id: endpoint.id }),
          { url, events: chosen },
          { fields: ['url', 'events'], refusal: { title: 'The endpoint was not saved' } }
        )
      : write.send(
          'post',
          client.urlFor('auth.profile_webhooks.store'),
          { url, events: chosen },
          { fields: ['url', 'events'], refusal: { title: 'The endpoint was not added' } }
        )
    void sent.then((done) => {
      if (!done) return
      if (!endpoint) form.reset()
      onDone?.()
    })
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-url`}>Endpoint URL</Label>
        <Input
          id={`${idPrefix}-url`}
          name="url"
          type="url"
          placeholder="https://example.com/reelforge-hooks"
          defaultValue={endpoint?.url}
          maxLength={2048}
          required
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${idPrefix}-url-error` : undefined}
        />
        {errors.url && (
          <p id={`${idPrefix}-url-error`} className="text-sm text-destructive">
            {errors.url}
          </p>
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Events to send</legend>
        <div className="flex flex-wrap gap-4">
          {events.map((name) => (
            <label key={name} className="flex items-center gap-2 font-mono text-sm">
              <Checkbox
                name="events"
                value={name}
                checked={chosen.includes(name)}
                onCheckedChange={(checked) =>
                  setChosen((current) =>
                    checked ? [...current, name] : current.filter((entry) => entry !== name)
                  )
                }
              />
              {name}
            </label>
          ))}
        </div>
        {errors.events && <p className="text-sm text-destructive">{errors.events}</p>}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={processing || chosen.length === 0}>
          <Webhook aria-hidden />
          {endpoint
            ? processing
              ? 'Saving...'
              : 'Save endpoint'
            : processing
              ? 'Adding...'
              : 'Add endpoint'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

function DeliveryLog({ deliveries }: { deliveries: Delivery[] }) {
  const write = usePageWrite()
  if (deliveries.length === 0) {
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Latest deliveries</caption>
      <thead className="text-left text-muted-foreground">
        <tr>
          <th className="py-1 font-medium">Event</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Code</th>
          <th className="py-1 font-medium">Attempts</th>
          <th className="py-1 font-medium">Time</th>
          <th className="py-1" />
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-t">
            <td className="py-1 font-mono">{delivery.eventType}</td>
            <td className="py-1" title={delivery.error ?? undefined}>
              {STATUS_LABEL[delivery.status]}
            </td>
            <td className="py-1">{delivery.statusCode ?? '—'}</td>
            <td className="py-1">{delivery.attempts}</td>
            <td className="py-1">{formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
            <td className="py-1 text-right">
              {delivery.status !== 'pending' && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={write.processing}
                  onClick={() =>
                    write.send(
                      'post',
                      client.urlFor('auth.profile_webhook_deliveries.resend', {
                        id: delivery.id,
                      }),
                      {},
                      { refusal: { title: 'The delivery was not resent' } }
                    )
                  }
                >
                  <RotateCw aria-hidden />
                  Resend
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One endpoint: its address and events, Edit and Delete, and its delivery log. */
function EndpointItem({
  endpoint,
  events,
  editable,
}: {
  endpoint: Endpoint
  events: string[]
  editable: boolean
}) {
  const write = usePageWrite()
  const [editing, setEditing] = useState(false)
  return (
    <li className="space-y-3 rounded-md border p-3">
      {editing ? (
        <EndpointForm
          events={events}
          endpoint={endpoint}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-0.5">
            <p className="truncate font-mono font-medium">{endpoint.url}</p>
            <p className="text-sm text-muted-foreground">{endpoint.events.join(', ')}</p>
          </div>
          <div className="flex gap-2">
            {editable && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit ${endpoint.url}`}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Delete ${endpoint.url}`}>
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              }
              title="Delete this endpoint?"
              description="No more events are sent to it, and its delivery log goes with it. This cannot be undone."
              confirmLabel="Delete"
              busyLabel="Deleting..."
              onConfirm={() =>
                write.send(
                  'delete',
                  client.urlFor('auth.profile_webhooks.destroy', { id: endpoint.id }),
                  {},
                  { refusal: { title: 'The endpoint was not deleted' } }
                )
              }
            />
          </div>
        </div>
      )}
      <div className="overflow-x-auto">
        <DeliveryLog deliveries={endpoint.deliveries} />
      </div>
    </li>
  )
}

/** Webhooks for the agency API (README, Webhooks): add, edit, list with their deliveries, resend, delete. */
export function WebhooksCard({ available, events, endpoints, created }: WebhooksProps) {
  const secret = useShownOnce(created)
  // A deleted endpoint's secret signs nothing any more.
  const shown = endpoints.some((endpoint) => endpoint.id === secret.kept?.id) ? secret.kept : null
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h2>Webhooks</h2>
        </CardTitle>
        <CardDescription>
          {available
            ? 'Reelforge POSTs the events you choose to your endpoints, signed with the endpoint’s secret (Reelforge-Signature).'
            : 'Webhooks come with API access, part of the Agency plan.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!available && (
          <Button asChild variant="outline">
            <Link route="billing.plans.show">See plans</Link>
          </Button>
        )}
        {available && shown && <NewEndpointSecret secret={shown.secret} onHide={secret.hide} />}
        {available && <EndpointForm events={events} />}
        {available && endpoints.length === 0 && (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        )}
        {endpoints.length > 0 && (
          <ul className="space-y-4" aria-label="Webhook endpoints">
            {endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                events={events}
                editable={available}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
