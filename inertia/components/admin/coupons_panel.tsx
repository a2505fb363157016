import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { Loader2, Pencil } from 'lucide-react'
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

type Coupon = Data.Billing.Coupon

type Fields = {
  code: string
  discountType: 'percentage' | 'fixed'
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

/** Spec §2 Coupons: Quick Create (or update), the table, Enable/Disable. */
export function CouponsPanel({ coupons }: { coupons: Coupon[] }) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [editing, setEditing] = useState<Coupon | null>(null)
  const request = useAdminRequest()
  const reload = () => router.reload({ only: ['coupons'] })
  const set = (name: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }))
  const errors = request.errors

  async function save(event: FormEvent) {
    event.preventDefault()
    const body = {
      code: fields.code,
      discountType: fields.discountType,
      discountValue: numberOrBlank(fields.discountValue),
      usageLimit: fields.usageLimit.trim() === '' ? null : Number(fields.usageLimit),
      expiresAt: fields.expiresAt === '' ? null : fields.expiresAt,
    }
    const saved = editing
      ? await request.send('PATCH', `/api/admin/coupons/${editing.id}`, body, {
          success: 'Coupon updated successfully!',
          failure: 'Error updating coupon',
        })
      : await request.send('POST', '/api/admin/coupons', body, {
          success: 'Coupon created successfully!',
          failure: 'Error creating coupon',
        })
    if (saved) {
      setFields(EMPTY)
      setEditing(null)
      reload()
    }
  }

  async function toggle(coupon: Coupon) {
    const saved = await request.send(
      'PATCH',
      `/api/admin/coupons/${coupon.id}`,
      { isActive: !coupon.isActive },
      { success: 'Coupon updated successfully!', failure: 'Error updating coupon' }
    )
    if (saved) reload()
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Quick Create</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-5">
            <Field label="Code" id="coupon-code" error={errors.code}>
              <Input
                id="coupon-code"
                value={fields.code}
                onChange={(e) => set('code')(e.target.value.trim().toUpperCase())}
              />
            </Field>
            <Field label="Type" id="coupon-type" error={errors.discountType}>
              <select
                id="coupon-type"
                className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
                value={fields.discountType}
                onChange={(e) => set('discountType')(e.target.value)}
              >
                <option value="percentage">percentage</option>
                <option value="fixed">fixed</option>
              </select>
            </Field>
            <Field label="Discount Value" id="coupon-value" error={errors.discountValue}>
              <Input
                id="coupon-value"
                type="number"
                min={0}
                step={fields.discountType === 'percentage' ? 1 : 0.01}
                value={fields.discountValue}
                onChange={(e) => set('discountValue')(e.target.value)}
              />
            </Field>
            <Field label="Usage Limit" id="coupon-limit" error={errors.usageLimit}>
              <Input
                id="coupon-limit"
                type="number"
                min={1}
                step={1}
                value={fields.usageLimit}
                onChange={(e) => set('usageLimit')(e.target.value)}
              />
            </Field>
            <Field label="Expires" id="coupon-expires" error={errors.expiresAt}>
              <Input
                id="coupon-expires"
                type="date"
                value={fields.expiresAt}
                onChange={(e) => set('expiresAt')(e.target.value)}
              />
            </Field>
            <div className="sm:col-span-5">
              <Button type="submit" disabled={request.pending}>
                {request.pending && <Loader2 className="animate-spin" aria-hidden />}
                {editing ? 'Update Coupon' : 'Create Coupon'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Table aria-label="Coupons">
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Discount</TableHead>
                <TableHead>Used / Limit</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {coupons.map((coupon) => (
                <TableRow key={coupon.id}>
                  <TableCell className="font-mono font-medium">{coupon.code}</TableCell>
                  <TableCell>
                    {coupon.discountType === 'percentage'
                      ? `${coupon.discountValue}%`
                      : dollars.format(coupon.discountValue)}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {coupon.usageCount} / {coupon.usageLimit ?? '∞'}
                  </TableCell>
                  <TableCell>
                    {coupon.expiresAt ? new Date(coupon.expiresAt).toLocaleDateString() : 'Never'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={coupon.isActive ? 'green' : 'red'}>
                      {coupon.isActive ? 'Active' : 'Disabled'}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <span className="flex gap-1">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${coupon.code}`}
                        onClick={() => {
                          request.clearErrors()
                          setEditing(coupon)
                          setFields(fieldsOf(coupon))
                        }}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => void toggle(coupon)}>
                        {coupon.isActive ? 'Disable' : 'Enable'}
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
