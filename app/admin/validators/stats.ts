import vine from '@vinejs/vine'

/** ?page= of the User Activity Overview; anything unusable is page 1. */
export const statsPageValidator = vine.create(vine.number().withoutDecimals().range([1, 1_000_000]))
