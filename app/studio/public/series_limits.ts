/**
 * How much text a series' topics may be, typed or as a CSV (docs/series.md,
 * Limits): the validator refuses more, and /series' form refuses a bigger
 * file before sending it, in the same words.
 */
export const MAX_TOPICS_TEXT = 100_000

export const TOPICS_TOO_LONG = 'The topics are limited to 100,000 characters.'

export const CSV_TOO_LONG = 'The CSV is limited to 100,000 characters.'

/** How many topics one request writes (docs/series.md, Topics), 30 unless asked. */
export const MAX_GENERATED_TOPICS = 100
export const DEFAULT_GENERATED_TOPICS = 30
