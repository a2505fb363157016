/**
 * Studio formatting; the script arithmetic is app/shared/script_plan.ts's.
 */

const WORD_CHARACTER = /[\p{L}\p{N}]/u

export const SCRIPT_MAX_CHARS = 10_000

export function hasWord(text: string) {
  return WORD_CHARACTER.test(text)
}

/** 30 → '30 seconds', 60 → '1 minute', 120 → '2 minutes', 90 → '1 min 30 s'. */
export function formatScriptLength(seconds: number) {
  if (seconds < 60) {
    return `${seconds} seconds`
  }
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (rest === 0) {
    return minutes === 1 ? '1 minute' : `${minutes} minutes`
  }
  return `${minutes} min ${rest} s`
}

/** 95 → '1:35'. */
export function formatClock(totalSeconds: number) {
  const seconds = Math.max(0, Math.round(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

export function pluralize(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`
}
