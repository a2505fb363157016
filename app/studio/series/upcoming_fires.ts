import { type DateTime } from 'luxon'
import type Series from '#studio/models/series'

/**
 * When a daily or weekly schedule fires next, `count` times from `from`, in
 * the series' time zone (docs/series.md, Schedules): the wall-clock time
 * each chosen day, as the cron pattern's `tz` reads it, so a daylight-saving
 * change keeps 09:00 at 09:00. Empty for "now".
 */
export function upcomingFires(series: Series, from: DateTime, count: number): DateTime[] {
  if (series.scheduleKind === 'now' || !series.scheduleTime || count <= 0) return []
  const [hour, minute] = series.scheduleTime.split(':').map(Number)
  const days = series.scheduleKind === 'weekly' ? new Set(series.scheduleWeekdays ?? []) : null
  const fires: DateTime[] = []
  let day = from.setZone(series.timeZone).startOf('day')
  // A schedule fires at least once a week: count weeks are always enough.
  for (let step = 0; step < count * 7 + 7 && fires.length < count; step++) {
    const fire = day.set({ hour, minute })
    if ((!days || days.has(day.weekday)) && fire > from) fires.push(fire)
    day = day.plus({ days: 1 })
  }
  return fires
}
