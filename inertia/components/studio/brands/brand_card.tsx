import type { ReactNode } from 'react'
import { Copy, Loader2, Pencil, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'

type Brand = Data.Studio.Brand

type BrandCardProps = {
  brand: Brand
  /** The caption style's name, or null: the creator's last choice. */
  captionStyle: string | null
  /** A Duplicate of this kit is on its way. */
  duplicating: boolean
  /** No write may start while one runs. */
  disabled: boolean
  onEdit: () => void
  onDuplicate: () => void
  /** Resolves to true once deleted (the page shows the toasts). */
  onDelete: () => Promise<boolean>
}

/** "bottom-left" as "Bottom left". */
function corner(value: string) {
  const words = value.replace('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function Swatch({ label, colour }: { label: string; colour: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span
        className="size-5 shrink-0 rounded-full border"
        style={{ backgroundColor: colour }}
        aria-hidden
      />
      <span className="text-xs text-muted-foreground">
        {label} <span className="font-mono">{colour}</span>
      </span>
    </span>
  )
}

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-20 shrink-0 text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** One brand kit on /brands (docs/product.md, Brand kits): its look at a glance and its actions. */
export function BrandCard({
  brand,
  captionStyle,
  duplicating,
  disabled,
  onEdit,
  onDuplicate,
  onDelete,
}: BrandCardProps) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id={`brand-${brand.id}-name`} className="min-w-0 break-words">
            {brand.name}
          </h2>
          <Badge variant="gray">v{brand.version}</Badge>
          {!brand.choosable && <Badge variant="yellow">Not offered on your plan</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {brand.logo.url && (
            <img
              src={brand.logo.url}
              alt={`${brand.name} logo`}
              className="h-10 max-w-24 rounded border object-contain p-0.5"
            />
          )}
          <Swatch label="Primary" colour={brand.primaryColor} />
          <Swatch label="Accent" colour={brand.accentColor} />
        </div>
        <dl className="space-y-1 text-sm">
          <Line term="Captions">{captionStyle ?? 'Your last choice'}</Line>
          <Line term="Logo">
            {brand.logo.pictureId === null
              ? 'None'
              : `${corner(brand.logo.corner)}, ${brand.logo.size} % wide, ${brand.logo.opacity} % opacity`}
          </Line>
          <Line term="Intro">{brand.intro ? `“${brand.intro.title}”` : 'None'}</Line>
          <Line term="Outro">{brand.outro ? `“${brand.outro.line}”` : 'None'}</Line>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={onEdit}
          aria-label={`Edit ${brand.name}`}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={onDuplicate}
          aria-label={`Duplicate ${brand.name}`}
        >
          {duplicating ? <Loader2 className="animate-spin" aria-hidden /> : <Copy aria-hidden />}
          {duplicating ? 'Duplicating...' : 'Duplicate'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled}
              aria-label={`Delete ${brand.name}`}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          }
          title={`Delete ${brand.name}?`}
          description="The kit is deleted. Videos made with it keep the look they were made with."
          busyLabel="Deleting..."
          onConfirm={onDelete}
        />
      </CardFooter>
    </Card>
  )
}
