import { Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, numberOrBlank } from '~/components/admin/admin_form'
import type { Column, FieldSpec } from '~/components/admin/catalogue_editor'
import { type Catalogue, CataloguePanel } from '~/components/admin/catalogue_panel'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { client } from '~/lib/client'

type Pack = Data.Billing.CreditPack

type Fields = { credits: string; price: string; sortOrder: string }

const EMPTY: Fields = { credits: '', price: '', sortOrder: '0' }

const fieldsOf = (pack: Pack): Fields => ({
  credits: String(pack.credits),
  price: String(pack.price),
  sortOrder: String(pack.sortOrder),
})

const FIELDS: FieldSpec<Fields>[] = [
  {
    name: 'credits',
    label: 'Credits',
    id: 'pack-credits',
    kind: 'number',
    step: 1,
    min: 1,
    max: 1_000_000,
  },
  { name: 'price', label: 'Price', id: 'pack-price', kind: 'number', step: '0.01', min: 0 },
  { name: 'sortOrder', label: 'Sort Order', id: 'pack-sort', kind: 'number', step: 1 },
]

const COLUMNS: Column<Pack>[] = [
  { header: 'Credits', className: 'tabular-nums', cell: (pack) => pack.credits },
  { header: 'Price', className: 'tabular-nums', cell: (pack) => dollars.format(pack.price) },
  { header: 'Sort Order', className: 'tabular-nums', cell: (pack) => pack.sortOrder },
]

function PackStatistics({ packs }: { packs: Pack[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Pack Statistics</h2>
        </CardTitle>
        <CardDescription>
          Total Packs: <span className="font-medium text-foreground">{packs.length}</span> · Active
          Packs:{' '}
          <span className="font-medium text-foreground">
            {packs.filter((pack) => pack.isActive).length}
          </span>
        </CardDescription>
      </CardHeader>
    </Card>
  )
}

const PACKS: Catalogue<Pack, Fields> = {
  prop: 'creditPacks',
  noun: 'credit pack',
  label: 'Credit packs',
  formTitle: (editing) => (editing ? 'Edit Credit Pack' : 'Add Credit Pack'),
  submitLabel: (editing) => (editing ? 'Update Pack' : 'Create Pack'),
  createLabel: 'Add Credit Pack',
  blank: EMPTY,
  fieldsOf,
  dataOf: (fields, editing) => ({
    credits: numberOrBlank(fields.credits),
    price: numberOrBlank(fields.price),
    sortOrder: fields.sortOrder.trim() === '' ? 0 : Number(fields.sortOrder),
    ...(editing ? { isActive: editing.isActive } : {}),
  }),
  fields: FIELDS,
  columns: COLUMNS,
  gridClassName: 'sm:grid-cols-3',
  spanClassName: 'sm:col-span-3',
  editLabel: (pack) => `Edit ${pack.credits} credits pack`,
  empty: 'No credit packs found. Create your first credit pack above.',
  storeUrl: () => client.urlFor('admin.credit_pack_forms.store'),
  updateUrl: (pack) => client.urlFor('admin.credit_pack_forms.update', { id: pack.id }),
}

/** docs/product.md, "Admin (/admin)", Credit Packs: Add Credit Pack, the form, Pack Statistics, the table. */
export function CreditPacksPanel({ packs }: { packs: Pack[] }) {
  return (
    <CataloguePanel
      catalogue={PACKS}
      rows={packs}
      rowActions={(pack, { write, options }) => (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" aria-label={`Delete ${pack.credits} credits pack`}>
              <Trash2 aria-hidden />
            </Button>
          }
          title="Delete credit pack?"
          description="Are you sure you want to delete this credit pack?"
          busyLabel="Deleting..."
          onConfirm={() =>
            write.send(
              'delete',
              client.urlFor('admin.credit_pack_forms.destroy', { id: pack.id }),
              {},
              options('Error deleting credit pack')
            )
          }
        />
      )}
    >
      <PackStatistics packs={packs} />
    </CataloguePanel>
  )
}
