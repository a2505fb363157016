import type { Data } from '@generated/data'

type StoryboardStatsProps = {
  /** The scenes' seconds: what the credits pay for. */
  totalSeconds: number
  brand: Data.Studio.Project.Variants['forPage']['brand']
  sceneCount: number
  creditsNeeded: number
  credits: number
  shortBy: number
}

/** Length, scenes and credits at a glance, and how many credits are missing. */
export function StoryboardStats({
  totalSeconds,
  brand,
  sceneCount,
  creditsNeeded,
  credits,
  shortBy,
}: StoryboardStatsProps) {
  const stats = [
    {
      label: 'Total length',
      value: `${totalSeconds + (brand?.addedSeconds ?? 0)}s`,
    },
    { label: 'Scenes', value: String(sceneCount) },
    { label: 'Credits needed', value: String(creditsNeeded) },
    { label: 'Your credits', value: String(credits), warn: shortBy > 0 },
  ]
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border bg-card p-4">
            <dt className="text-xs text-muted-foreground">{stat.label}</dt>
            <dd
              className={
                stat.warn
                  ? 'text-2xl font-semibold text-amber-700 tabular-nums dark:text-amber-300'
                  : 'text-2xl font-semibold tabular-nums'
              }
            >
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>

      {brand && (
        <p id="storyboard-brand" className="text-sm text-muted-foreground">
          {`Brand kit ${brand.name}, version ${brand.version}: its intro and outro add ${brand.addedSeconds}s, free.`}
        </p>
      )}

      {shortBy > 0 && sceneCount > 0 && (
        <p id="credits-short" className="text-sm text-amber-700 dark:text-amber-300">
          {`You need ${shortBy} more credits`}
        </p>
      )}
    </>
  )
}
