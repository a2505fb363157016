import { Copy, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, numberOrBlank } from '~/components/admin/admin_form'
import type { Column, FieldSpec } from '~/components/admin/catalogue_editor'
import { type Catalogue, CataloguePanel } from '~/components/admin/catalogue_panel'
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
  brandLimit: string
}

const EMPTY: Fields = {
  name: '',
  stripePriceId: '',
  price: '',
  interval: 'month',
  credits: '0',
  features: '',
  tier: 'pro',
  brandLimit: '0',
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
    brandLimit: String(plan.brandLimit),
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
    name: 'brandLimit',
    label: 'Brand kits',
    id: 'plan-brand-limit',
    kind: 'number',
    step: 1,
    min: 0,
    max: 1000,
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
  { header: 'Brand kits', className: 'tabular-nums', cell: (plan) => plan.brandLimit },
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

const PLANS: Catalogue<Plan, Fields> = {
  prop: 'plans',
  noun: 'plan',
  label: 'Plans',
  formTitle: (editing) => (editing ? 'Edit Plan' : 'Create New Plan'),
  submitLabel: (editing) => (editing ? 'Update Plan' : 'Create Plan'),
  createLabel: 'Create Plan',
  blank: EMPTY,
  fieldsOf,
  dataOf: (fields) => ({
    ...fields,
    price: numberOrBlank(fields.price),
    credits: fields.credits.trim() === '' ? 0 : Number(fields.credits),
    brandLimit: fields.brandLimit.trim() === '' ? 0 : Number(fields.brandLimit),
  }),
  fields: FIELDS,
  columns: COLUMNS,
  gridClassName: 'sm:grid-cols-2',
  spanClassName: 'sm:col-span-2',
  editLabel: (plan) => `Edit ${plan.name}`,
  storeUrl: () => client.urlFor('admin.plan_forms.store'),
  updateUrl: (plan) => client.urlFor('admin.plan_forms.update', { id: plan.id }),
}

/** docs/product.md, "Admin (/admin)", Plans: Create Plan, the form, the table with edit / duplicate / delete. */
export function PlansPanel({ plans }: { plans: Plan[] }) {
  return (
    <CataloguePanel
      catalogue={PLANS}
      rows={plans}
      rowActions={(plan, { open, write, options }) => (
        <>
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
            onClick={() =>
              void write.send(
                'delete',
                client.urlFor('admin.plan_forms.destroy', { id: plan.id }),
                {},
                options('Error deleting plan')
              )
            }
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    />
  )
}
