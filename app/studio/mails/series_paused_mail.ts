import { BaseMail } from '@adonisjs/mail'

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )
}

/** A series stopped itself (docs/series.md, Money): why, and where to resume it. */
export default class SeriesPausedMail extends BaseMail {
  subject: string

  constructor(
    private email: string,
    private seriesName: string,
    private reason: string,
    private link: string
  ) {
    super()
    this.subject = `Your series "${seriesName}" is paused`
  }

  prepare() {
    this.message.to(this.email)
    const lines = [
      `Your series "${this.seriesName}" is paused.`,
      '',
      this.reason,
      '',
      `Buy credits, then resume it here: ${this.link}`,
      'Nothing more is made or charged until you resume it.',
    ]
    this.message.text(lines.join('\n'))
    this.message.html(lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'))
  }
}
