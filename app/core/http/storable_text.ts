/**
 * Text PostgreSQL cannot store: a NUL character (text columns) or a lone
 * UTF-16 surrogate (JSON columns). Every face refuses it as a validation
 * error on its field, before any validator or query sees it.
 */
export type UnstorableField = { field: string; rule: 'storableText'; message: string }

function isStorable(text: string) {
  return !text.includes('\0') && text.isWellFormed()
}

/**
 * The fields (`voice.id`, `scenes.0.prompt`) of an input whose strings or
 * keys cannot be stored, each with its message; walked with a list rather
 * than recursion, so deep nesting cannot overflow the stack.
 */
export function unstorableFields(...inputs: unknown[]): UnstorableField[] {
  const found = new Set<string>()
  // Popped from the end: the first input is walked first.
  const pending: [path: string, value: unknown][] = inputs
    .map((input): [string, unknown] => ['', input])
    .reverse()
  while (pending.length > 0) {
    const [path, value] = pending.pop()!
    if (typeof value === 'string') {
      if (!isStorable(value)) found.add(path || 'body')
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (isStorable(key)) {
          pending.push([path ? `${path}.${key}` : key, child])
        } else {
          found.add(path || 'body')
        }
      }
    }
  }
  return [...found].map((field) => ({
    field,
    rule: 'storableText',
    message: `The ${field} field contains a character that cannot be saved (NUL or broken Unicode). Please remove it.`,
  }))
}
