import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { Copy, Loader2, Pencil, Plus, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, Field, numberOrBlank, useAdminRequest } from '~/components/admin/admin_form'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'

type Plan = Data.Billing.Plan.Variants['forAdmin']

type Fields = {
  name: string
  stripePriceId: string
  price: string
  interval: 'month' | 'year'
  credits: string
  features: string
  tier: string
}

const EMPTY: Fields = {
  name: '',
  stripePriceId: '',
  price: '',
  interval: 'month',
  credits: '0',
  features: '',
  tier: 'pro',
}

function fieldsOf(plan: Plan): Fields {
  return {
    name: plan.name,
    stripePriceId: plan.stripePriceId ?? '',
    price: String(plan.price),
    interval: plan.interval,
    credits: String(plan.credits),
    features: plan.features.join(', '),
    tier: plan.tier,
  }
}

/** Spec §2 Plans: Create Plan, the create/edit form, the table with edit / duplicate / delete. */
export function PlansPanel({ plans }: { plans: Plan[] }) {
  const [form, setForm] = useState<{ fields: Fields; editing: Plan | null } | null>(null)
  const request = useAdminRequest()
  const reload = () => router.reload({ only: ['plans'] })

  const set = (name: keyof Fields) => (value: string) =>
    setForm((current) => current && { ...current, fields: { ...current.fields, [name]: value } })

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const { fields, editing } = form
    const body = {
      ...fields,
      price: numberOrBlank(fields.price),
      credits: fields.credits.trim() === '' ? 0 : Number(fields.credits),
    }
    const saved = editing
      ? await request.send('PATCH', `/api/admin/plans/${editing.id}`, body, {
          success: 'Plan updated successfully!',
          failure: 'Error updating plan',
        })
      : await request.send('POST', '/api/admin/plans', body, {
          success: 'Plan created successfully!',
          failure: 'Error creating plan',
        })
    if (saved) {
      setForm(null)
      reload()
    }
  }

  async function remove(plan: Plan) {
    const deleted = await request.send('DELETE', `/api/admin/plans/${plan.id}`, undefined, {
      success: 'Plan deleted successfully!',
      failure: 'Error deleting plan',
    })
    if (deleted) reload()
  }

  const open = (fields: Fields, editing: Plan | null) => {
    request.clearErrors()
    setForm({ fields, editing })
  }
  const errors = request.errors

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => open(EMPTY, null)}>
          <Plus aria-hidden />
          Create Plan
        </Button>
      </div>

      {form && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{form.editing ? 'Edit Plan' : 'Create New Plan'}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" id="plan-name" error={errors.name}>
                <Input
                  id="plan-name"
                  value={form.fields.name}
                  onChange={(e) => set('name')(e.target.value)}
                />
              </Field>
              <Field label="Stripe Price ID" id="plan-price-id" error={errors.stripePriceId}>
                <Input
                  id="plan-price-id"
                  value={form.fields.stripePriceId}
                  onChange={(e) => set('stripePriceId')(e.target.value)}
                />
              </Field>
              <Field label="Price" id="plan-price" error={errors.price}>
                <Input
                  id="plan-price"
                  type="number"
                  step="0.01"
                  min={0}
                  value={form.fields.price}
                  onChange={(e) => set('price')(e.target.value)}
                />
              </Field>
              <Field label="Interval" id="plan-interval" error={errors.interval}>
                <select
                  id="plan-interval"
                  className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
                  value={form.fields.interval}
                  onChange={(e) => set('interval')(e.target.value)}
                >
                  <option value="month">month</option>
                  <option value="year">year</option>
                </select>
              </Field>
              <Field label="Credits" id="plan-credits" error={errors.credits}>
                <Input
                  id="plan-credits"
                  type="number"
                  step={1}
                  min={0}
                  max={1_000_000}
                  value={form.fields.credits}
                  onChange={(e) => set('credits')(e.target.value)}
                />
              </Field>
              <Field label="Tier (what subscribers get)" id="plan-tier" error={errors.tier}>
                <select
                  id="plan-tier"
                  className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
                  value={form.fields.tier}
                  onChange={(e) => set('tier')(e.target.value)}
                >
                  <option value="free">free</option>
                  <option value="pro">pro</option>
                  <option value="agency">agency</option>
                </select>
              </Field>
              <div className="sm:col-span-2">
                <Field
                  label="Features (comma-separated)"
                  id="plan-features"
                  error={errors.features}
                >
                  <Input
                    id="plan-features"
                    value={form.fields.features}
                    onChange={(e) => set('features')(e.target.value)}
                  />
                </Field>
              </div>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" disabled={request.pending}>
                  {request.pending && <Loader2 className="animate-spin" aria-hidden />}
                  {form.editing ? 'Update Plan' : 'Create Plan'}
                </Button>
                <Button type="button" variant="outline" onClick={() => setForm(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardContent>
          <Table aria-label="Plans">
            <TableHeader>
              <TableRow>
                <TableHead>Plan Name</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Credits</TableHead>
                <TableHead>Features</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plans.map((plan) => (
                <TableRow key={plan.id}>
                  <TableCell className="font-medium">
                    {plan.name}{' '}
                    <span className="text-muted-foreground">
                      ({plan.interval === 'month' ? 'mo' : 'year'})
                    </span>
                  </TableCell>
                  <TableCell className="tabular-nums">{dollars.format(plan.price)}</TableCell>
                  <TableCell className="tabular-nums">{plan.credits}</TableCell>
                  <TableCell>
                    <span className="flex flex-wrap gap-1">
                      {plan.features.slice(0, 2).map((feature) => (
                        <Badge key={feature} variant="secondary">
                          {feature}
                        </Badge>
                      ))}
                      {plan.features.length > 2 && (
                        <Badge variant="outline">+{plan.features.length - 2} more</Badge>
                      )}
                    </span>
                  </TableCell>
                  <TableCell>
                    <span className="flex gap-1">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${plan.name}`}
                        onClick={() => open(fieldsOf(plan), plan)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Duplicate ${plan.name}`}
                        onClick={() =>
                          open(
                            { ...fieldsOf(plan), name: `${plan.name} Copy`, stripePriceId: '' },
                            null
                          )
                        }
                      >
                        <Copy aria-hidden />
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Delete ${plan.name}`}
                        onClick={() => void remove(plan)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  )
}
