import type { Data } from '@generated/data'
import { dollars, numberOrBlank } from '~/components/admin/admin_form'
import type { Column, FieldSpec } from '~/components/admin/catalogue_editor'
import { type Catalogue, CataloguePanel } from '~/components/admin/catalogue_panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { client } from '~/lib/client'

type Coupon = Data.Billing.Coupon

type Fields = {
  code: string
  discountType: string
  discountValue: string
  usageLimit: string
  expiresAt: string
}

const EMPTY: Fields = {
  code: '',
  discountType: 'percentage',
  discountValue: '',
  usageLimit: '',
  expiresAt: '',
}

function fieldsOf(coupon: Coupon): Fields {
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: String(coupon.discountValue),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    expiresAt: coupon.expiresAt ? coupon.expiresAt.slice(0, 10) : '',
  }
}

const FIELDS: FieldSpec<Fields>[] = [
  {
    name: 'code',
    label: 'Code',
    id: 'coupon-code',
    kind: 'text',
    normalize: (value) => value.trim().toUpperCase(),
  },
  {
    name: 'discountType',
    label: 'Type',
    id: 'coupon-type',
    kind: 'select',
    options: ['percentage', 'fixed'],
  },
  {
    name: 'discountValue',
    label: 'Discount Value',
    id: 'coupon-value',
    kind: 'number',
    min: 0,
    step: (fields) => (fields.discountType === 'percentage' ? 1 : 0.01),
  },
  { name: 'usageLimit', label: 'Usage Limit', id: 'coupon-limit', kind: 'number', min: 1, step: 1 },
  { name: 'expiresAt', label: 'Expires', id: 'coupon-expires', kind: 'date' },
]

const COLUMNS: Column<Coupon>[] = [
  { header: 'Code', className: 'font-mono font-medium', cell: (coupon) => coupon.code },
  {
    header: 'Discount',
    cell: (coupon) =>
      coupon.discountType === 'percentage'
        ? `${coupon.discountValue}%`
        : dollars.format(coupon.discountValue),
  },
  {
    header: 'Used / Limit',
    className: 'tabular-nums',
    cell: (coupon) => `${coupon.usageCount} / ${coupon.usageLimit ?? '∞'}`,
  },
  {
    header: 'Expires',
    cell: (coupon) =>
      coupon.expiresAt ? new Date(coupon.expiresAt).toLocaleDateString() : 'Never',
  },
  {
    header: 'Status',
    cell: (coupon) => {
      const status = couponStatus(coupon)
      return <Badge variant={STATUS_BADGE[status]}>{status}</Badge>
    },
  },
]

const STATUS_BADGE = {
  'Active': 'green',
  'Used up': 'yellow',
  'Expired': 'yellow',
  'Disabled': 'red',
} as const

/** Whether a checkout would take the coupon now, and if not, why. */
function couponStatus(coupon: Coupon): keyof typeof STATUS_BADGE {
  if (!coupon.isActive) return 'Disabled'
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return 'Used up'
  if (coupon.expiresAt && new Date(coupon.expiresAt).getTime() <= Date.now()) return 'Expired'
  return 'Active'
}

const COUPONS: Catalogue<Coupon, Fields> = {
  prop: 'coupons',
  noun: 'coupon',
  label: 'Coupons',
  formTitle: () => 'Quick Create',
  submitLabel: (editing) => (editing ? 'Update Coupon' : 'Create Coupon'),
  blank: EMPTY,
  fieldsOf,
  dataOf: (fields) => ({
    code: fields.code,
    discountType: fields.discountType,
    discountValue: numberOrBlank(fields.discountValue),
    usageLimit: fields.usageLimit.trim() === '' ? null : Number(fields.usageLimit),
    expiresAt: fields.expiresAt === '' ? null : fields.expiresAt,
  }),
  fields: FIELDS,
  columns: COLUMNS,
  gridClassName: 'sm:grid-cols-5',
  spanClassName: 'sm:col-span-5',
  editLabel: (coupon) => `Edit ${coupon.code}`,
  storeUrl: () => client.urlFor('admin.coupon_forms.store'),
  updateUrl: (coupon) => client.urlFor('admin.coupon_forms.update', { id: coupon.id }),
}

/** docs/product.md, "Admin (/admin)", Coupons: Quick Create (or update), the table, Enable/Disable. */
export function CouponsPanel({ coupons }: { coupons: Coupon[] }) {
  return (
    <CataloguePanel
      catalogue={COUPONS}
      rows={coupons}
      rowActions={(coupon, { write, options }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void write.send(
              'patch',
              COUPONS.updateUrl(coupon),
              { isActive: !coupon.isActive },
              options('Error updating coupon')
            )
          }
        >
          {coupon.isActive ? 'Disable' : 'Enable'}
        </Button>
      )}
    />
  )
}
