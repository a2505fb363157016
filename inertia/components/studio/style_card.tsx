import { Check } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'

/** A style as the setup page receives it. */
export type StyleOption = { id: string; name: string; swatch: string[] }

type StyleCardProps = {
  styles: StyleOption[]
  value: string
  onChange: (style: string) => void
  disabled?: boolean
}

export function StyleCard({ styles, value, onChange, disabled }: StyleCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="style-title">Style</h2>
        </CardTitle>
        <CardDescription>The visual look of every scene.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          aria-labelledby="style-title"
          value={value}
          onValueChange={onChange}
          disabled={disabled}
          className="grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
        >
          {styles.map((style) => (
            <RadioCard key={style.id} value={style.id} className="group overflow-hidden">
              <span className="flex h-14 w-full" aria-hidden>
                {style.swatch.map((colour, index) => (
                  <span key={index} className="flex-1" style={{ backgroundColor: colour }} />
                ))}
              </span>
              <span className="flex items-center justify-between gap-1 px-3 py-2 text-sm font-medium">
                <span className="leading-tight">{style.name}</span>
                <Check
                  className="size-4 shrink-0 text-primary opacity-0 group-data-[state=checked]:opacity-100"
                  aria-hidden
                />
              </span>
            </RadioCard>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  )
}
