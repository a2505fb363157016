import type { WriteAnswer } from '#core/http/write_answer'

/**
 * A refusal of a whole admin form (not found, in use): its status and
 * message to a program, the form's own error on the /admin page, beside
 * its fields rather than in a toast.
 */
export function formRefusal<const Status extends 404 | 409 | 422>(
  answer: WriteAnswer,
  status: Status,
  message: string
) {
  return answer.refused(status, { message }, { form: message })
}
