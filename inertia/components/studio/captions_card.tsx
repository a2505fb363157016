import { useEffect, useState, type ReactNode } from 'react'
import { Check } from 'lucide-react'
import type { Data } from '@generated/data'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Label } from '~/components/ui/label'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import { Select } from '~/components/ui/select'
import { client } from '~/lib/client'

/** The captions as POST /setup and POST /api/projects take them. */
export type CaptionChoice = Data.Studio.CaptionStyle['defaults']

/** Every caption choice, as the setup page receives it (GET /api/caption-styles). */
export type CaptionChoices = {
  styles: Data.Studio.CaptionStyle[]
  fonts: { id: string; name: string }[]
  positions: string[]
  sizes: string[]
  libass: boolean
}

type CaptionsCardProps = {
  choices: CaptionChoices
  value: CaptionChoice
  onChange: (captions: CaptionChoice) => void
  aspectRatio: string
  /** The creator's script: the preview shows its first words. */
  script: string
  /** The narration language (its stored name): the preview breaks lines and picks fonts by it. */
  language?: string
  disabled?: boolean
  /** What the card's owner adds beneath it: the storyboard's Save and Reset. */
  footer?: ReactNode
}

const POSITION_LABELS: Record<string, string> = { top: 'Top', middle: 'Middle', bottom: 'Bottom' }
// Typing in the script re-renders the preview once the typing pauses, not at every key.
const SCRIPT_SETTLE_MS = 400

/** The first words of the script, settled: what the preview is drawn with. */
function firstWords(script: string) {
  return script.split(/\s+/).filter(Boolean).slice(0, 8).join(' ')
}

function useSettledWords(script: string) {
  const [words, setWords] = useState(() => firstWords(script))
  useEffect(() => {
    const timer = setTimeout(() => setWords(firstWords(script)), SCRIPT_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [script])
  return words
}

/**
 * The Captions card (docs/product.md, Captions): a style, its options, and
 * a preview that is a frame the server draws by the render's own path.
 */
export function CaptionsCard({
  choices,
  value,
  onChange,
  aspectRatio,
  script,
  language,
  disabled,
  footer,
}: CaptionsCardProps) {
  const words = useSettledWords(script)
  const off = value.style === 'none'
  const previewUrl = client.urlFor(
    'studio.captions.preview',
    {},
    {
      qs: {
        ...Object.fromEntries(Object.entries(value).map(([key, option]) => [key, String(option)])),
        aspect_ratio: aspectRatio,
        text: words,
        ...(language ? { language } : {}),
      },
    }
  )
  const set = (change: Partial<CaptionChoice>) => onChange({ ...value, ...change })
  const chooseStyle = (id: string) => {
    const style = choices.styles.find((candidate) => candidate.id === id)
    if (style) onChange(style.defaults)
  }
  const shape =
    aspectRatio === '16:9'
      ? 'aspect-video w-full'
      : aspectRatio === '1:1'
        ? 'aspect-square w-3/4'
        : 'aspect-[9/16] w-1/2'

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="captions-title">Captions</h2>
        </CardTitle>
        <CardDescription>
          How the spoken words show on the video. Every video also gets SRT and WebVTT files.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="space-y-5">
          <RadioGroup
            aria-labelledby="captions-title"
            value={value.style}
            onValueChange={chooseStyle}
            disabled={disabled}
            className="grid-cols-1 gap-2 sm:grid-cols-2"
          >
            {choices.styles.map((style) => (
              <RadioCard
                key={style.id}
                value={style.id}
                className="group flex items-start justify-between gap-2 px-3 py-2 text-left"
              >
                <span className="space-y-0.5">
                  <span className="block text-sm font-medium">{style.name}</span>
                  <span className="block text-xs text-muted-foreground">{style.description}</span>
                  {style.needsLibass && !choices.libass && (
                    <span className="block text-xs text-amber-700 dark:text-amber-300">
                      Needs libass, which this server&rsquo;s ffmpeg lacks: drawn as Classic.
                    </span>
                  )}
                </span>
                <Check
                  className="mt-0.5 size-4 shrink-0 text-primary opacity-0 group-data-[state=checked]:opacity-100"
                  aria-hidden
                />
              </RadioCard>
            ))}
          </RadioGroup>

          {!off && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="captions-position">Position</Label>
                <Select
                  id="captions-position"
                  value={value.position}
                  onValueChange={(position) =>
                    set({ position: position as CaptionChoice['position'] })
                  }
                  disabled={disabled}
                >
                  {choices.positions.map((position) => (
                    <option key={position} value={position}>
                      {POSITION_LABELS[position] ?? position}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="captions-font">Font</Label>
                <Select
                  id="captions-font"
                  value={value.font}
                  onValueChange={(font) => set({ font: font as CaptionChoice['font'] })}
                  disabled={disabled}
                >
                  {choices.fonts.map((font) => (
                    <option key={font.id} value={font.id}>
                      {font.name}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="captions-size">Size</Label>
                <Select
                  id="captions-size"
                  value={value.size}
                  onValueChange={(size) => set({ size: size as CaptionChoice['size'] })}
                  disabled={disabled}
                >
                  {choices.sizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex items-end gap-4">
                <div className="space-y-1.5">
                  <Label htmlFor="captions-text-color">Text</Label>
                  <input
                    id="captions-text-color"
                    type="color"
                    className="block h-9 w-12 cursor-pointer rounded-md border"
                    value={value.text_color.toLowerCase()}
                    onChange={(event) => set({ text_color: event.target.value.toUpperCase() })}
                    disabled={disabled}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="captions-highlight-color">Highlight</Label>
                  <input
                    id="captions-highlight-color"
                    type="color"
                    className="block h-9 w-12 cursor-pointer rounded-md border"
                    value={value.highlight_color.toLowerCase()}
                    onChange={(event) => set({ highlight_color: event.target.value.toUpperCase() })}
                    disabled={disabled}
                  />
                </div>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="captions-uppercase"
                  checked={value.uppercase}
                  onCheckedChange={(checked) => set({ uppercase: checked === true })}
                  disabled={disabled}
                />
                <Label htmlFor="captions-uppercase">Capitals</Label>
              </div>
            </div>
          )}
        </div>

        <figure className="flex flex-col items-center gap-2">
          <img
            src={previewUrl}
            alt={`Preview of the ${value.style} captions`}
            data-testid="captions-preview"
            className={`${shape} rounded-md border bg-muted object-cover`}
          />
          <figcaption className="text-xs text-muted-foreground">
            Drawn the way the video will be.
          </figcaption>
        </figure>
      </CardContent>
      {footer && <CardFooter className="flex-wrap gap-2">{footer}</CardFooter>}
    </Card>
  )
}
