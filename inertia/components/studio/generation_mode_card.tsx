import { FileText, Image, Images } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import type { Data } from '@generated/data'

type GenerationMode = Data.Studio.Project.Variants['forPage']['generationMode']

type ModeOption = {
  value: GenerationMode
  label: string
  description: string
  icon: LucideIcon
}

const MODES: ModeOption[] = [
  {
    value: 'text-to-video',
    label: 'Text to Video',
    description: 'Turn your script into AI-generated video scenes.',
    icon: FileText,
  },
  {
    value: 'image-to-video',
    label: 'Image to Video',
    description: 'Animate your own pictures, one scene each.',
    icon: Image,
  },
  {
    value: 'ai-images-to-video',
    label: 'AI Images to Video',
    description: 'Generate scene images first, then review them in the storyboard.',
    icon: Images,
  },
]

type GenerationModeCardProps = {
  value: GenerationMode
  onChange: (mode: GenerationMode) => void
  disabled?: boolean
}

export function GenerationModeCard({ value, onChange, disabled }: GenerationModeCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="generation-mode-title">Generation Mode</h2>
        </CardTitle>
        <CardDescription>How your video is made.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          aria-labelledby="generation-mode-title"
          value={value}
          onValueChange={(mode) => onChange(mode as GenerationMode)}
          disabled={disabled}
          className="gap-3 sm:grid-cols-3"
        >
          {MODES.map((mode) => (
            <RadioCard key={mode.value} value={mode.value} className="flex flex-col gap-2 p-4">
              <mode.icon className="size-5 text-primary" aria-hidden />
              <span className="text-sm font-medium">{mode.label}</span>
              <span className="text-xs text-muted-foreground">{mode.description}</span>
            </RadioCard>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  )
}
