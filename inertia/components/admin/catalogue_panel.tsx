import { useState, type ReactNode } from 'react'
import { Plus } from 'lucide-react'
import {
  CatalogueFormCard,
  CatalogueTable,
  type Column,
  EditRowButton,
  type FieldSpec,
  type FormFields,
  SubmitButton,
} from '~/components/admin/catalogue_editor'
import { usePageWrite } from '~/hooks/use_page_write'
import { Button } from '~/components/ui/button'

type Payload = Parameters<ReturnType<typeof usePageWrite>['send']>[2]

/** What a catalogue (plans, coupons, credit packs) is, for its panel: its words, fields, columns and routes. */
export type Catalogue<Row extends { id: number }, Fields extends FormFields> = {
  /** The page prop holding the rows: a write reloads only it. */
  prop: string
  /** The item's name in messages ("Error creating plan") and the table's label. */
  noun: string
  label: string
  /** The form's title and submit label, for a new item or the one edited. */
  formTitle: (editing: Row | null) => string
  submitLabel: (editing: Row | null) => string
  /** The button that opens the form; without it the form is always there (the coupons' Quick Create). */
  createLabel?: string
  blank: Fields
  fieldsOf: (row: Row) => Fields
  /** What the server takes from the typed values. */
  dataOf: (fields: Fields, editing: Row | null) => Payload
  fields: FieldSpec<Fields>[]
  columns: Column<Row>[]
  gridClassName: string
  /** The buttons' cell spans the form's grid. */
  spanClassName: string
  editLabel: (row: Row) => string
  empty?: string
  storeUrl: () => string
  updateUrl: (row: Row) => string
}

/** What a panel's own row buttons (Duplicate, Delete, Enable) can do. */
export type RowTools<Row, Fields> = {
  open: (fields: Fields, editing: Row | null) => void
  write: ReturnType<typeof usePageWrite>
  /** A write's options: the refusal titled `title`, the form's fields, the panel's prop reloaded. */
  options: (title: string) => Parameters<ReturnType<typeof usePageWrite>['send']>[3]
}

/**
 * docs/product.md, "Admin (/admin)": plans, coupons and credit packs are one
 * pattern, a form that creates a row or edits the one picked in the table.
 * The server answers a write with the page again (only the panel's prop): the
 * success message as a flash toast, or the fields' errors beside them.
 */
export function CataloguePanel<Row extends { id: number }, Fields extends FormFields>({
  catalogue: spec,
  rows,
  rowActions,
  children,
}: {
  catalogue: Catalogue<Row, Fields>
  rows: Row[]
  rowActions?: (row: Row, tools: RowTools<Row, Fields>) => ReactNode
  /** Between the form and the table (the packs' statistics). */
  children?: ReactNode
}) {
  type Form = { fields: Fields; editing: Row | null } | null
  const closed: Form = spec.createLabel ? null : { fields: spec.blank, editing: null }
  const [form, setForm] = useState<Form>(closed)
  const write = usePageWrite()
  const names = spec.fields.map((field) => field.name)

  const tools: RowTools<Row, Fields> = {
    write,
    open: (fields, editing) => {
      write.clearErrors()
      setForm({ fields, editing })
    },
    options: (title) => ({ refusal: { title }, fields: names, only: [spec.prop] }),
  }
  const close = () => setForm(closed)
  const set = (name: keyof Fields, value: string) =>
    setForm((current) => current && { ...current, fields: { ...current.fields, [name]: value } })

  async function save() {
    if (!form) return
    const { fields, editing } = form
    const data = spec.dataOf(fields, editing)
    const saved = editing
      ? await write.send(
          'patch',
          spec.updateUrl(editing),
          data,
          tools.options(`Error updating ${spec.noun}`)
        )
      : await write.send(
          'post',
          spec.storeUrl(),
          data,
          tools.options(`Error creating ${spec.noun}`)
        )
    if (saved) close()
  }

  return (
    <div className="space-y-4">
      {spec.createLabel && (
        <div className="flex justify-end">
          <Button onClick={() => tools.open(spec.blank, null)}>
            <Plus aria-hidden />
            {spec.createLabel}
          </Button>
        </div>
      )}

      {form && (
        <CatalogueFormCard
          title={spec.formTitle(form.editing)}
          specs={spec.fields}
          fields={form.fields}
          errors={write.errors}
          gridClassName={spec.gridClassName}
          onChange={set}
          onSubmit={() => void save()}
        >
          <div className={`flex gap-2 ${spec.spanClassName}`}>
            <SubmitButton pending={write.processing}>{spec.submitLabel(form.editing)}</SubmitButton>
            {(spec.createLabel || form.editing) && (
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
            )}
          </div>
        </CatalogueFormCard>
      )}

      {children}

      <CatalogueTable
        label={spec.label}
        columns={spec.columns}
        rows={rows}
        loading={write.running === 'post' || write.running === 'patch'}
        empty={spec.empty}
        actions={(row) => (
          <>
            <EditRowButton
              label={spec.editLabel(row)}
              onClick={() => tools.open(spec.fieldsOf(row), row)}
            />
            {rowActions?.(row, tools)}
          </>
        )}
      />
    </div>
  )
}
