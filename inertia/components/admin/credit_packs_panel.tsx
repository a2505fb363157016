import { Plus, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, numberOrBlank } from '~/components/admin/admin_form'
import {
  CatalogueFormCard,
  CatalogueTable,
  type Column,
  EditRowButton,
  type FieldSpec,
  useCatalogueForm,
} from '~/components/admin/catalogue_editor'
import { useCatalogueVisits } from '~/components/admin/use_catalogue_visits'
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

/** docs/product.md, "Admin (/admin)", Credit Packs: Add Credit Pack, the form, Pack Statistics, the table. */
export function CreditPacksPanel({ packs }: { packs: Pack[] }) {
  const { form, set, open: openForm, close } = useCatalogueForm<Pack, Fields>()
  const visits = useCatalogueVisits('creditPacks')
  const open = (fields: Fields, editing: Pack | null) => {
    visits.clearErrors()
    openForm(fields, editing)
  }

  async function save() {
    if (!form) return
    const { fields, editing } = form
    const data = {
      credits: numberOrBlank(fields.credits),
      price: numberOrBlank(fields.price),
      sortOrder: fields.sortOrder.trim() === '' ? 0 : Number(fields.sortOrder),
      ...(editing ? { isActive: editing.isActive } : {}),
    }
    const saved = editing
      ? await visits.send({
          method: 'patch',
          url: client.urlFor('admin.credit_pack_forms.update', { id: editing.id }),
          data,
          failure: 'Error updating credit pack',
        })
      : await visits.send({
          method: 'post',
          url: client.urlFor('admin.credit_pack_forms.store'),
          data,
          failure: 'Error creating credit pack',
        })
    if (saved) close()
  }

  const remove = (pack: Pack) =>
    visits.send({
      method: 'delete',
      url: client.urlFor('admin.credit_pack_forms.destroy', { id: pack.id }),
      failure: 'Error deleting credit pack',
    })

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => open(EMPTY, null)}>
          <Plus aria-hidden />
          Add Credit Pack
        </Button>
      </div>

      {form && (
        <CatalogueFormCard
          title={form.editing ? 'Edit Credit Pack' : 'Add Credit Pack'}
          specs={FIELDS}
          fields={form.fields}
          errors={visits.errors}
          gridClassName="sm:grid-cols-3"
          onChange={set}
          onSubmit={() => void save()}
        >
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit" disabled={visits.pending}>
              {visits.pending ? 'Saving...' : form.editing ? 'Update Pack' : 'Create Pack'}
            </Button>
            {form.editing && (
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
            )}
          </div>
        </CatalogueFormCard>
      )}

      <PackStatistics packs={packs} />

      <CatalogueTable
        label="Credit packs"
        columns={COLUMNS}
        rows={packs}
        loading={visits.running === 'post' || visits.running === 'patch'}
        empty="No credit packs found. Create your first credit pack above."
        actions={(pack) => (
          <>
            <EditRowButton
              label={`Edit ${pack.credits} credits pack`}
              onClick={() => open(fieldsOf(pack), pack)}
            />
            <ConfirmDialog
              trigger={
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Delete ${pack.credits} credits pack`}
                >
                  <Trash2 aria-hidden />
                </Button>
              }
              title="Delete credit pack?"
              description="Are you sure you want to delete this credit pack?"
              busyLabel="Deleting..."
              onConfirm={() => remove(pack)}
            />
          </>
        )}
      />
    </div>
  )
}
