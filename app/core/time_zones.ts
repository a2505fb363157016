import vine from '@vinejs/vine'

/**
 * The IANA time zone names this runtime knows (docs/series.md, Time zones):
 * `Intl.supportedValuesOf('timeZone')`, the canonical ones, plus "UTC",
 * which some runtimes leave out. An alias of one of them (Asia/Kolkata for
 * ICU's Asia/Calcutta) is known too, and kept as the customer wrote it.
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]),
]

const KNOWN = new Set(TIME_ZONES)

export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > 64) return false
  if (KNOWN.has(name)) return true
  try {
    return KNOWN.has(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone)
  } catch {
    return false
  }
}

export const DEFAULT_TIME_ZONE = 'UTC'

export const TIME_ZONE_REFUSAL =
  'Unknown time zone. Use an IANA name such as Europe/Paris or America/New_York.'

/** A Vine rule: the value names a time zone `isTimeZone` knows. */
export const knownTimeZone = vine.createRule((value, _options, field) => {
  if (!isTimeZone(value)) field.report(TIME_ZONE_REFUSAL, 'timeZone', field)
})
