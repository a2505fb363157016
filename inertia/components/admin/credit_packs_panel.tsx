import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { dollars, Field, numberOrBlank, useAdminRequest } from '~/components/admin/admin_form'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Skeleton } from '~/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'

type Pack = Data.Billing.CreditPack

type Fields = { credits: string; price: string; sortOrder: string }

const EMPTY: Fields = { credits: '', price: '', sortOrder: '0' }

/** Spec §2 Credit Packs: Add Credit Pack, the form, Pack Statistics, the table. */
export function CreditPacksPanel({ packs }: { packs: Pack[] }) {
  const [form, setForm] = useState<{ fields: Fields; editing: Pack | null } | null>(null)
  const [loading, setLoading] = useState(false)
  const request = useAdminRequest()
  const errors = request.errors

  const reload = () =>
    router.reload({
      only: ['creditPacks'],
      onStart: () => setLoading(true),
      onFinish: () => setLoading(false),
    })
  const set = (name: keyof Fields) => (value: string) =>
    setForm((current) => current && { ...current, fields: { ...current.fields, [name]: value } })
  const open = (fields: Fields, editing: Pack | null) => {
    request.clearErrors()
    setForm({ fields, editing })
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const { fields, editing } = form
    const body = {
      credits: numberOrBlank(fields.credits),
      price: numberOrBlank(fields.price),
      sortOrder: fields.sortOrder.trim() === '' ? 0 : Number(fields.sortOrder),
      ...(editing ? { isActive: editing.isActive } : {}),
    }
    const saved = editing
      ? await request.send('PATCH', `/api/admin/credit-packs/${editing.id}`, body, {
          success: 'Credit pack updated successfully!',
          failure: 'Error updating credit pack',
        })
      : await request.send('POST', '/api/admin/credit-packs', body, {
          success: 'Credit pack created successfully!',
          failure: 'Error creating credit pack',
        })
    if (saved) {
      setForm(null)
      reload()
    }
  }

  async function remove(pack: Pack) {
    const deleted = await request.send('DELETE', `/api/admin/credit-packs/${pack.id}`, undefined, {
      success: 'Credit pack deleted successfully!',
      failure: 'Error deleting credit pack',
    })
    if (deleted) reload()
    return deleted
  }

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => open(EMPTY, null)}>
          <Plus aria-hidden />
          Add Credit Pack
        </Button>
      </div>

      {form && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{form.editing ? 'Edit Credit Pack' : 'Add Credit Pack'}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-3">
              <Field label="Credits" id="pack-credits" error={errors.credits}>
                <Input
                  id="pack-credits"
                  type="number"
                  step={1}
                  min={1}
                  max={1_000_000}
                  value={form.fields.credits}
                  onChange={(e) => set('credits')(e.target.value)}
                />
              </Field>
              <Field label="Price" id="pack-price" error={errors.price}>
                <Input
                  id="pack-price"
                  type="number"
                  step="0.01"
                  min={0}
                  value={form.fields.price}
                  onChange={(e) => set('price')(e.target.value)}
                />
              </Field>
              <Field label="Sort Order" id="pack-sort" error={errors.sortOrder}>
                <Input
                  id="pack-sort"
                  type="number"
                  step={1}
                  value={form.fields.sortOrder}
                  onChange={(e) => set('sortOrder')(e.target.value)}
                />
              </Field>
              <div className="flex gap-2 sm:col-span-3">
                <Button type="submit" disabled={request.pending}>
                  {request.pending ? 'Saving...' : form.editing ? 'Update Pack' : 'Create Pack'}
                </Button>
                {form.editing && (
                  <Button type="button" variant="outline" onClick={() => setForm(null)}>
                    Cancel
                  </Button>
                )}
              </div>
            </form>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Pack Statistics</h2>
          </CardTitle>
          <CardDescription>
            Total Packs: <span className="font-medium text-foreground">{packs.length}</span> ·
            Active Packs:{' '}
            <span className="font-medium text-foreground">
              {packs.filter((pack) => pack.isActive).length}
            </span>
          </CardDescription>
        </CardHeader>
      </Card>

      <Card>
        <CardContent>
          <Table aria-label="Credit packs">
            <TableHeader>
              <TableRow>
                <TableHead>Credits</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Sort Order</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loading ? (
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={4}>
                      <Skeleton className="h-6 w-full" />
                    </TableCell>
                  </TableRow>
                ))
              ) : packs.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                    No credit packs found. Create your first credit pack above.
                  </TableCell>
                </TableRow>
              ) : (
                packs.map((pack) => (
                  <TableRow key={pack.id}>
                    <TableCell className="tabular-nums">{pack.credits}</TableCell>
                    <TableCell className="tabular-nums">{dollars.format(pack.price)}</TableCell>
                    <TableCell className="tabular-nums">{pack.sortOrder}</TableCell>
                    <TableCell>
                      <span className="flex gap-1">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Edit ${pack.credits} credits pack`}
                          onClick={() =>
                            open(
                              {
                                credits: String(pack.credits),
                                price: String(pack.price),
                                sortOrder: String(pack.sortOrder),
                              },
                              pack
                            )
                          }
                        >
                          <Pencil aria-hidden />
                        </Button>
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
                      </span>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  )
}
