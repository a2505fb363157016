import { Badge, type BadgeProps } from '~/components/ui/badge'

const MOOD_VARIANTS: Record<string, BadgeProps['variant']> = {
  chill: 'blue',
  epic: 'red',
  horror: 'purple',
  uplifting: 'green',
}

/** Mood colours (docs/product.md, Setup): chill blue, epic red, horror purple, uplifting green, other gray. */
export function MoodBadge({ mood }: { mood: string }) {
  return (
    <Badge variant={MOOD_VARIANTS[mood] ?? 'gray'} className="capitalize">
      {mood}
    </Badge>
  )
}
