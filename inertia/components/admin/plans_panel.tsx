import { Copy, Plus, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, numberOrBlank } from '~/components/admin/admin_form'
import {
  CatalogueFormCard,
  CatalogueTable,
  type Column,
  EditRowButton,
  type FieldSpec,
  SubmitButton,
  useCatalogueForm,
} from '~/components/admin/catalogue_editor'
import { useCatalogueVisits } from '~/components/admin/use_catalogue_visits'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { client } from '~/lib/client'

type Plan = Data.Billing.Plan.Variants['forAdmin']

type Fields = {
  name: string
  stripePriceId: string
  price: string
  interval: string
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
    features: plan.features.join('\n'),
    tier: plan.tier,
  }
}

const FIELDS: FieldSpec<Fields>[] = [
  { name: 'name', label: 'Name', id: 'plan-name', kind: 'text' },
  { name: 'stripePriceId', label: 'Stripe Price ID', id: 'plan-price-id', kind: 'text' },
  { name: 'price', label: 'Price', id: 'plan-price', kind: 'number', step: '0.01', min: 0 },
  {
    name: 'interval',
    label: 'Interval',
    id: 'plan-interval',
    kind: 'select',
    options: ['month', 'year'],
  },
  {
    name: 'credits',
    label: 'Credits',
    id: 'plan-credits',
    kind: 'number',
    step: 1,
    min: 0,
    max: 1_000_000,
  },
  {
    name: 'tier',
    label: 'Tier (what subscribers get)',
    id: 'plan-tier',
    kind: 'select',
    options: ['free', 'pro', 'agency'],
  },
  {
    name: 'features',
    label: 'Features (one per line)',
    id: 'plan-features',
    kind: 'lines',
    rows: 4,
    className: 'sm:col-span-2',
  },
]

const COLUMNS: Column<Plan>[] = [
  {
    header: 'Plan Name',
    className: 'font-medium',
    cell: (plan) => (
      <>
        {plan.name}{' '}
        <span className="text-muted-foreground">({plan.interval === 'month' ? 'mo' : 'year'})</span>
      </>
    ),
  },
  { header: 'Price', className: 'tabular-nums', cell: (plan) => dollars.format(plan.price) },
  { header: 'Credits', className: 'tabular-nums', cell: (plan) => plan.credits },
  {
    header: 'Features',
    cell: (plan) => (
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
    ),
  },
]

/** docs/product.md, "Admin (/admin)", Plans: Create Plan, the form, the table with edit / duplicate / delete. */
export function PlansPanel({ plans }: { plans: Plan[] }) {
  const { form, set, open: openForm, close } = useCatalogueForm<Plan, Fields>()
  const visits = useCatalogueVisits('plans')
  const open = (fields: Fields, editing: Plan | null) => {
    visits.clearErrors()
    openForm(fields, editing)
  }

  async function save() {
    if (!form) return
    const { fields, editing } = form
    const data = {
      ...fields,
      price: numberOrBlank(fields.price),
      credits: fields.credits.trim() === '' ? 0 : Number(fields.credits),
    }
    const saved = editing
      ? await visits.send({
          method: 'patch',
          url: client.urlFor('admin.plan_forms.update', { id: editing.id }),
          data,
          failure: 'Error updating plan',
        })
      : await visits.send({
          method: 'post',
          url: client.urlFor('admin.plan_forms.store'),
          data,
          failure: 'Error creating plan',
        })
    if (saved) close()
  }

  const remove = (plan: Plan) =>
    visits.send({
      method: 'delete',
      url: client.urlFor('admin.plan_forms.destroy', { id: plan.id }),
      failure: 'Error deleting plan',
    })

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => open(EMPTY, null)}>
          <Plus aria-hidden />
          Create Plan
        </Button>
      </div>

      {form && (
        <CatalogueFormCard
          title={form.editing ? 'Edit Plan' : 'Create New Plan'}
          specs={FIELDS}
          fields={form.fields}
          errors={visits.errors}
          gridClassName="sm:grid-cols-2"
          onChange={set}
          onSubmit={() => void save()}
        >
          <div className="flex gap-2 sm:col-span-2">
            <SubmitButton pending={visits.pending}>
              {form.editing ? 'Update Plan' : 'Create Plan'}
            </SubmitButton>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
          </div>
        </CatalogueFormCard>
      )}

      <CatalogueTable
        label="Plans"
        columns={COLUMNS}
        rows={plans}
        actions={(plan) => (
          <>
            <EditRowButton label={`Edit ${plan.name}`} onClick={() => open(fieldsOf(plan), plan)} />
            <Button
              size="sm"
              variant="outline"
              aria-label={`Duplicate ${plan.name}`}
              onClick={() =>
                open({ ...fieldsOf(plan), name: `${plan.name} Copy`, stripePriceId: '' }, null)
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
          </>
        )}
      />
    </div>
  )
}
