/**
 * The IANA time zone names this runtime knows (docs/series.md, Time zones):
 * the ones a profile and a series may name. `Intl.supportedValuesOf` leaves
 * out "UTC" itself on some runtimes, so it is always added.
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]),
]

const KNOWN = new Set(TIME_ZONES)

export function isTimeZone(name: unknown): name is string {
  return typeof name === 'string' && KNOWN.has(name)
}

export const DEFAULT_TIME_ZONE = 'UTC'

export const TIME_ZONE_REFUSAL =
  'Unknown time zone. Use an IANA name such as Europe/Paris or America/New_York.'
