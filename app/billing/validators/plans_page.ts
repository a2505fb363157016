import vine from '@vinejs/vine'

/** /plans?need=N: the credits someone lacks (from the insufficient-credits dialog). */
export const plansPageValidator = vine.create({
  need: vine.number().withoutDecimals().range([1, 1_000_000_000]).optional(),
})
