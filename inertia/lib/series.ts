import type { Data } from '@generated/data'

type Schedule = Data.Studio.Series['schedule']

/** ISO weekdays, 1 (Monday) to 7 (Sunday), as the schedule stores them. */
export const WEEKDAYS = [
  [1, 'Mon', 'Monday'],
  [2, 'Tue', 'Tuesday'],
  [3, 'Wed', 'Wednesday'],
  [4, 'Thu', 'Thursday'],
  [5, 'Fri', 'Friday'],
  [6, 'Sat', 'Saturday'],
  [7, 'Sun', 'Sunday'],
] as const

/**
 * A schedule in words (docs/product.md, Series): "All at once", "Every day at
 * 09:00 (Europe/Paris)", "Mon, Wed, Fri at 18:00 (UTC)".
 */
export function scheduleInWords(schedule: Schedule, timeZone: string) {
  if (schedule.kind === 'now') return 'All at once'
  const at = `at ${schedule.time} (${timeZone})`
  if (schedule.kind === 'daily') return `Every day ${at}`
  const days = WEEKDAYS.filter(([day]) => schedule.weekdays?.includes(day)).map(
    ([, short]) => short
  )
  return days.length === 7 ? `Every day ${at}` : `${days.join(', ')} ${at}`
}

/** "Mon 30 Nov, 09:00": a moment as the clock in `timeZone` shows it. */
export function inZone(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value])
  )
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`
}

/** How many rows a CSV holds under its header, quoted line breaks kept inside their row. */
export function csvRowCount(text: string) {
  let rows = 0
  let quoted = false
  let filled = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    if (!quoted && (char === '\n' || char === '\r')) {
      if (filled) rows++
      filled = false
    } else if (char.trim() !== '') {
      filled = true
    }
  }
  if (filled) rows++
  return Math.max(rows - 1, 0)
}
