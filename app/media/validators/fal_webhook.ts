import vine from '@vinejs/vine'

/** fal's webhook body: `{ request_id, gateway_request_id, status, payload, error? }`. */
export const falWebhookValidator = vine.create({
  request_id: vine.string().trim().maxLength(100),
  gateway_request_id: vine.string().trim().maxLength(100).optional(),
  status: vine.enum(['OK', 'ERROR']),
  // The output or fal's error body; null when fal could not serialise it (`payload_error`).
  payload: vine.any().optional(),
  error: vine.string().maxLength(10_000).nullable().optional(),
})
