import { ProviderError, type ProviderFailureKind } from '#media/providers/contracts'

/**
 * ElevenLabs answers errors as `{ detail: { status, message } }` (or FastAPI's
 * `{ detail: [...] }`); an exhausted quota also comes back as 401.
 */
export async function readElevenLabsFailure(response: Response) {
  const { code, reason = response.statusText } = parseError(await response.text().catch(() => ''))
  const kind = classify(response.status, code, reason)
  const messages: Record<ProviderFailureKind, string> = {
    balance_exhausted: `Exhausted balance on ElevenLabs: ${reason}`,
    configuration: `ElevenLabs refused the API key: ${reason}`,
    rejected_input: `ElevenLabs rejected the request: ${reason}`,
    transient: `ElevenLabs is unavailable right now (${response.status}): ${reason}`,
    failed: `ElevenLabs request failed (${response.status}): ${reason}`,
  }
  return { code, error: new ProviderError(messages[kind], kind) }
}

function parseError(text: string): { code?: string; reason?: string } {
  let detail: unknown
  try {
    detail = (JSON.parse(text) as { detail?: unknown }).detail
  } catch {
    return { reason: text.trim() || undefined }
  }
  if (typeof detail === 'string') {
    return { reason: detail }
  }
  if (Array.isArray(detail)) {
    return { reason: detail.map((item: { msg?: unknown } | null) => String(item?.msg)).join('; ') }
  }
  const { status, message } = (detail ?? {}) as { status?: string; message?: string }
  return { code: status, reason: message }
}

function classify(status: number, code: string | undefined, reason: string): ProviderFailureKind {
  const lower = reason.toLowerCase()
  if (code === 'quota_exceeded' || status === 402) return 'balance_exhausted'
  if (lower.includes('balance') || lower.includes('exhausted')) return 'balance_exhausted'
  if (status === 401 || status === 403 || code === 'invalid_api_key') return 'configuration'
  // A voice removed from the account since it was picked: the user has to choose another.
  if (code === 'voice_not_found' || code === 'voice_does_not_exist') return 'rejected_input'
  if (status === 429 || status >= 500) return 'transient'
  if (status === 400 || status === 422) return 'rejected_input'
  return 'failed'
}
