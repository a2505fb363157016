import vine from '@vinejs/vine'

/**
 * What a row id can be: a PostgreSQL `integer` (serial) from 1 up. A number
 * past that is not "not found" to PostgreSQL but an error, so every id that
 * comes from outside (route param, body, channel name) is checked here first.
 */
export const MAX_DATABASE_ID = 2_147_483_647

/**
 * The decimal numbers 1..max written without leading zeros or sign, as one
 * regular expression: route matchers take nothing but a RegExp.
 */
export function decimalsUpTo(max: number) {
  const digits = String(max)
  const alternatives = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : []
  for (let index = 0; index < digits.length; index++) {
    const lowest = index === 0 ? 1 : 0
    const highest = Number(digits[index]) - 1
    if (highest >= lowest) {
      const rest = digits.length - index - 1
      alternatives.push(`${digits.slice(0, index)}[${lowest}-${highest}]\\d{${rest}}`)
    }
  }
  alternatives.push(digits)
  return new RegExp(`^(?:${alternatives.join('|')})$`)
}

const DATABASE_ID = decimalsUpTo(MAX_DATABASE_ID)

/** Whether a string from the outside names a possible row id. */
export function isDatabaseId(value: string) {
  return DATABASE_ID.test(value)
}

/**
 * Route matcher for id params: `.where('id', databaseIdParam)`. Anything else
 * (too big, negative, a float, a word) matches no route: 404.
 */
export const databaseIdParam = {
  match: DATABASE_ID,
  cast: (value: string) => Number(value),
}

/**
 * Vine field for an id in a body: a JSON number (never `true` or `"1"`),
 * whole, within the column's range.
 */
export function databaseId() {
  return vine.number({ strict: true }).withoutDecimals().range([1, MAX_DATABASE_ID])
}
