import type { Data } from '@generated/data'
import type { CaptionChoice } from '~/components/studio/captions_card'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import type { useSetupChoices } from '~/hooks/studio/use_setup_choices'

export type SetupBrand = Data.Studio.Brand.Variants['forSetup']
type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']

const NONE = 'none'

type BrandPickerCardProps = {
  brands: SetupBrand[]
  value: SetupBrand | null
  onChange: (brand: SetupBrand | null) => void
  /** The cards a kit's defaults fill in; each stays the creator's to change after. */
  choices: ReturnType<typeof useSetupChoices>
  musicTracks: Data.Media.MusicTrack[]
  onCaptions: (captions: CaptionChoice) => void
  disabled?: boolean
}

/**
 * /setup's brand kit (docs/product.md, Brand kits): choosing one fills in
 * its style, voice, music, shape and captions, and the video gets its logo,
 * intro and outro.
 */
export function BrandPickerCard({
  brands,
  value,
  onChange,
  choices,
  musicTracks,
  onCaptions,
  disabled,
}: BrandPickerCardProps) {
  function choose(id: string) {
    const brand = brands.find((entry) => String(entry.id) === id) ?? null
    onChange(brand)
    if (!brand) return
    if (brand.style) choices.setStyle(brand.style)
    if (brand.voice) choices.setVoice(brand.voice)
    const track = musicTracks.find((entry) => entry.id === brand.musicTrackId)
    if (track) choices.setMusic(track)
    if (brand.aspectRatio) choices.setAspectRatio(brand.aspectRatio as AspectRatio)
    if (brand.captions) onCaptions(brand.captions)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="brand-kit-title">Brand Kit</h2>
        </CardTitle>
        <CardDescription>
          A kit fills in its style, voice, music, shape and captions, and adds its logo, intro and
          outro. You can still change each choice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          aria-labelledby="brand-kit-title"
          value={value ? String(value.id) : NONE}
          onValueChange={choose}
          disabled={disabled}
          className="gap-3 sm:grid-cols-2"
        >
          <RadioCard value={NONE} className="flex items-center gap-3 px-3 py-3">
            <span className="text-sm font-medium">No brand kit</span>
          </RadioCard>
          {brands.map((brand) => (
            <RadioCard
              key={brand.id}
              value={String(brand.id)}
              className="flex items-center gap-3 px-3 py-3"
            >
              <span
                className="size-6 shrink-0 rounded-full border"
                style={{ backgroundColor: brand.primaryColor }}
                aria-hidden
              />
              <span className="min-w-0 text-left">
                <span className="block truncate text-sm font-medium">{brand.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {brand.addedSeconds > 0
                    ? `Intro and outro add ${brand.addedSeconds}s, free`
                    : 'No intro or outro'}
                </span>
              </span>
            </RadioCard>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  )
}
