import { TriangleAlert } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import { cn } from '~/lib/utils'
import type { Data } from '@generated/data'

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']

const RATIOS: { value: AspectRatio; label: string; shape: string }[] = [
  { value: '9:16', label: 'Vertical', shape: 'h-8 w-[1.125rem]' },
  { value: '1:1', label: 'Square', shape: 'size-7' },
  { value: '16:9', label: 'Horizontal', shape: 'h-[1.125rem] w-8' },
]

type AspectRatioCardProps = {
  value: AspectRatio
  onChange: (ratio: AspectRatio) => void
  disabled?: boolean
}

export function AspectRatioCard({ value, onChange, disabled }: AspectRatioCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="aspect-ratio-title">Aspect Ratio</h2>
        </CardTitle>
        <CardDescription>Where your video will be watched.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <RadioGroup
          aria-labelledby="aspect-ratio-title"
          value={value}
          onValueChange={(ratio) => onChange(ratio as AspectRatio)}
          disabled={disabled}
          className="grid-cols-3 gap-3"
        >
          {RATIOS.map((ratio) => (
            <RadioCard
              key={ratio.value}
              value={ratio.value}
              className="flex flex-col items-center gap-2 px-2 py-3"
            >
              <span className="flex h-9 items-center justify-center" aria-hidden>
                <span className={cn('rounded-sm border-2 border-current', ratio.shape)} />
              </span>
              <span className="text-sm font-semibold tabular-nums">{ratio.value}</span>
              <span className="text-xs text-muted-foreground">{ratio.label}</span>
            </RadioCard>
          ))}
        </RadioGroup>

        {value === '16:9' && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            Some platforms may crop horizontal videos to vertical
          </p>
        )}
      </CardContent>
    </Card>
  )
}
