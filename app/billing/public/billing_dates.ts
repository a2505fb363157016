/**
 * A subscription's period end as both sides write it: the portal's message
 * (server) and its badge (browser) name the same day, whatever the
 * browser's time zone — the period ends at an instant in UTC, as Stripe's
 * do, so the day is the UTC one ("December 26, 2026").
 */
const PERIOD_END = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export function periodEndDate(value: Date | string) {
  return PERIOD_END.format(new Date(value))
}
