export type CaptchaConfig = {
  siteKey: string | null
  secretKey: string | null
  verifyUrl: string
}

export type CaptchaResult = 'passed' | 'missing' | 'failed'

/**
 * Cloudflare Turnstile. Off (every check passes) when no keys are
 * configured, as in development; the forms then say so.
 */
export class Captcha {
  constructor(private config: CaptchaConfig) {}

  get enabled() {
    return Boolean(this.config.siteKey && this.config.secretKey)
  }

  get siteKey() {
    return this.enabled ? this.config.siteKey : null
  }

  async verify(token: string | null | undefined, remoteIp: string): Promise<CaptchaResult> {
    if (!this.enabled) {
      return 'passed'
    }
    if (!token) {
      return 'missing'
    }
    try {
      const response = await fetch(this.config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: this.config.secretKey!,
          response: token,
          remoteip: remoteIp,
        }),
        signal: AbortSignal.timeout(5000),
      })
      const outcome = (await response.json()) as { success?: boolean }
      return response.ok && outcome.success === true ? 'passed' : 'failed'
    } catch {
      return 'failed'
    }
  }
}
