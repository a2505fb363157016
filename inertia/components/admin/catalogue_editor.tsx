import type { FormEvent, ReactNode } from 'react'
import { Loader2, Pencil } from 'lucide-react'
import { Field } from '~/components/admin/admin_form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Skeleton } from '~/components/ui/skeleton'
import { Textarea } from '~/components/ui/textarea'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { cn } from '~/lib/utils'

/*
|--------------------------------------------------------------------------
| The admin catalogue editor
|--------------------------------------------------------------------------
|
| Plans, coupons and credit packs on /admin (docs/product.md, "Admin
| (/admin)") are one pattern: a form that creates a row or edits the one
| picked in a table. Each panel describes its fields, columns and messages;
| catalogue_panel.tsx owns the form state and the writes, this file the
| markup.
|
*/

export type FormFields = Record<string, string>
type Errors = Record<string, string>

export type FieldSpec<Fields extends FormFields> = {
  name: keyof Fields & string
  label: string
  id: string
  className?: string
  /** What typing stores: coupon codes are trimmed and upper-cased as typed. */
  normalize?: (value: string) => string
} & (
  | { kind: 'text' | 'date' }
  /** A list typed one item a line (a plan's features: "3,000 credits" stays whole). */
  | { kind: 'lines'; rows: number }
  | {
      kind: 'number'
      step: number | string | ((fields: Fields) => number | string)
      min?: number
      max?: number
    }
  | { kind: 'select'; options: readonly string[] }
)

function FieldInput<Fields extends FormFields>({
  spec,
  fields,
  onChange,
}: {
  spec: FieldSpec<Fields>
  fields: Fields
  onChange: (value: string) => void
}) {
  const value = fields[spec.name]
  switch (spec.kind) {
    case 'select':
      return (
        <select
          id={spec.id}
          className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {spec.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
    case 'number':
      return (
        <Input
          id={spec.id}
          type="number"
          step={typeof spec.step === 'function' ? spec.step(fields) : spec.step}
          min={spec.min}
          max={spec.max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'lines':
      return (
        <Textarea
          id={spec.id}
          rows={spec.rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    default:
      return (
        <Input
          id={spec.id}
          type={spec.kind === 'date' ? 'date' : undefined}
          value={value}
          onChange={(e) => onChange(spec.normalize?.(e.target.value) ?? e.target.value)}
        />
      )
  }
}

/** The create/edit form in its card: the fields as described, then the panel's buttons. */
export function CatalogueFormCard<Fields extends FormFields>({
  title,
  specs,
  fields,
  errors,
  gridClassName,
  onChange,
  onSubmit,
  children,
}: {
  title: string
  specs: FieldSpec<Fields>[]
  fields: Fields
  errors: Errors
  gridClassName: string
  onChange: (name: keyof Fields, value: string) => void
  onSubmit: () => void
  children: ReactNode
}) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className={cn('grid gap-4', gridClassName)}>
          {specs.map((spec) => (
            <div key={spec.name} className={spec.className}>
              <Field label={spec.label} id={spec.id} error={errors[spec.name]}>
                <FieldInput
                  spec={spec}
                  fields={fields}
                  onChange={(value) => onChange(spec.name, value)}
                />
              </Field>
            </div>
          ))}
          {children}
        </form>
      </CardContent>
    </Card>
  )
}

/** A submit button that spins while the visit runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  )
}

/** A row's Edit button: the pencil, named for screen readers. */
export function EditRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" aria-label={label} onClick={onClick}>
      <Pencil aria-hidden />
    </Button>
  )
}

export type Column<Row> = { header: string; className?: string; cell: (row: Row) => ReactNode }

/**
 * Below the sm breakpoint each row stacks into a block of "header: value"
 * lines, so a 390 px screen shows a whole row, its actions included, without
 * scrolling sideways.
 */
const STACKED_TABLE = 'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:hidden'
const STACKED_ROW = 'max-sm:block max-sm:py-2'
const STACKED_CELL =
  'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:whitespace-normal max-sm:text-right max-sm:before:text-left max-sm:before:font-normal max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]'

/** The catalogue's table: one row per item, its actions last. */
export function CatalogueTable<Row extends { id: number }>({
  label,
  columns,
  rows,
  actions,
  loading = false,
  empty,
}: {
  label: string
  columns: Column<Row>[]
  rows: Row[]
  actions: (row: Row) => ReactNode
  /** Skeleton rows while the list reloads (the credit packs' table). */
  loading?: boolean
  empty?: string
}) {
  const span = columns.length + 1
  return (
    <Card>
      <CardContent>
        <Table aria-label={label} className={STACKED_TABLE}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header}>{column.header}</TableHead>
              ))}
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              [0, 1, 2].map((row) => (
                <TableRow key={row}>
                  <TableCell colSpan={span}>
                    <Skeleton className="h-6 w-full" />
                  </TableCell>
                </TableRow>
              ))
            ) : rows.length === 0 && empty ? (
              <TableRow>
                <TableCell colSpan={span} className="py-8 text-center text-muted-foreground">
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} className={STACKED_ROW}>
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      data-label={column.header}
                      className={cn(STACKED_CELL, column.className)}
                    >
                      <span>{column.cell(row)}</span>
                    </TableCell>
                  ))}
                  <TableCell data-label="Actions" className={STACKED_CELL}>
                    <span className="flex gap-1">{actions(row)}</span>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
