/**
 * Waits until `condition` holds, asking every `intervalMs`; past `timeoutMs`
 * it fails naming `what`. Tests wait on what they need, never for a fixed time.
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string | (() => string),
  intervalMs = 100
) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
