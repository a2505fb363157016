import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { Palette, Plus } from 'lucide-react'
import { BrandCard } from '~/components/studio/brands/brand_card'
import {
  BRAND_FIELDS,
  BrandForm,
  type BrandOptions,
  type BrandPayload,
} from '~/components/studio/brands/brand_form'
import { Button } from '~/components/ui/button'
import { usePageWrite } from '~/hooks/use_page_write'
import { client } from '~/lib/client'

type Brand = Data.Studio.Brand

type BrandsProps = BrandOptions & {
  /** GET /api/brands as a prop: the kits, oldest first. */
  brands: Brand[]
  /** Why no new kit can be made on this plan now; null while one can. */
  full: string | null
}

/** The form: a new kit (`brand` null) or the one edited. */
type Editing = { brand: Brand | null } | null

/** docs/product.md, Brand kits: the kits, their form, Duplicate and Delete. */
export default function Brands({ brands, full, ...options }: BrandsProps) {
  const [editing, setEditing] = useState<Editing>(null)
  const [duplicating, setDuplicating] = useState<number | null>(null)
  const write = usePageWrite()
  const captionNames = new Map(options.captionChoices.styles.map(({ id, name }) => [id, name]))

  function open(next: Editing) {
    write.clearErrors()
    setEditing(next)
  }

  async function save(brand: Brand | null, payload: BrandPayload) {
    const done = await (brand
      ? write.send('patch', client.urlFor('studio.brand_kits.update', { id: brand.id }), payload, {
          fields: BRAND_FIELDS,
          refusal: { title: 'Could not save the brand kit' },
        })
      : write.send('post', client.urlFor('studio.brand_kits.store'), payload, {
          fields: BRAND_FIELDS,
          refusal: { title: 'Could not create the brand kit' },
        }))
    if (done) setEditing(null)
    return done
  }

  async function duplicate(brand: Brand) {
    setDuplicating(brand.id)
    await write.send(
      'post',
      client.urlFor('studio.brand_kits.duplicate', { id: brand.id }),
      {},
      {
        refusal: { title: 'Could not duplicate the brand kit' },
      }
    )
    setDuplicating(null)
  }

  async function remove(brand: Brand) {
    const done = await write.send(
      'delete',
      client.urlFor('studio.brand_kits.destroy', { id: brand.id }),
      {},
      { refusal: { title: 'Could not delete the brand kit' } }
    )
    // The form no longer edits a kit that is gone.
    if (done && editing?.brand?.id === brand.id) setEditing(null)
    return done
  }

  return (
    <>
      <Head title="Brand kits" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Brand kits</h1>
            <p className="text-muted-foreground">
              Each client&rsquo;s look, ready for their next video.
            </p>
          </div>
          {full === null && editing === null && (
            <Button
              type="button"
              className="w-full sm:w-auto"
              onClick={() => open({ brand: null })}
            >
              <Plus aria-hidden />
              New brand kit
            </Button>
          )}
        </div>

        {full !== null && (
          <p role="status" className="rounded-lg border bg-muted/40 p-4 text-sm">
            {full}{' '}
            <Link route="billing.plans.show" className="font-medium text-primary underline">
              See the plans
            </Link>
          </p>
        )}

        {editing !== null && (
          <BrandForm
            key={editing.brand?.id ?? 'new'}
            brand={editing.brand}
            options={options}
            errors={write.errors}
            saving={write.running === 'post' || write.running === 'patch'}
            onSave={(payload) => save(editing.brand, payload)}
            onCancel={() => setEditing(null)}
          />
        )}

        {brands.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
            <Palette className="size-8 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No brand kits yet</h2>
            <p className="max-w-prose text-sm text-muted-foreground">
              A brand kit keeps a client&rsquo;s look in one place: their colours, caption style,
              logo placement, intro and outro cards, and the voice, music, style and aspect ratio a
              new video starts with.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {brands.map((brand) => (
              <li key={brand.id}>
                <BrandCard
                  brand={brand}
                  captionStyle={
                    brand.captions ? (captionNames.get(brand.captions.style) ?? null) : null
                  }
                  duplicating={duplicating === brand.id}
                  disabled={write.processing}
                  onEdit={() => open({ brand })}
                  onDuplicate={() => void duplicate(brand)}
                  onDelete={() => remove(brand)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
