import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

type Recipient = NonNullable<NodeMailerMessage['to']>[number]

function address(recipient: Recipient) {
  return typeof recipient === 'string' ? recipient : recipient.address
}

/**
 * Development without SMTP: messages are kept in the database for the
 * /dev/mailbox page, and logged.
 */
export class DevMailboxTransport implements MailTransportContract {
  async send(message: NodeMailerMessage) {
    const to = (message.to ?? []).map(address).join(', ')
    const subject = String(message.subject ?? '')
    const text = String(message.text ?? '')
    const [row] = await db
      .table('dev_mailbox_messages')
      .insert({ to, subject, text, html: message.html ? String(message.html) : null })
      .returning('id')
    logger.info({ to, subject }, `dev mailbox: message ${row.id}\n${text}`)
    return new MailResponse(`dev-mailbox-${row.id}`, { from: '', to: [to] }, {})
  }
}
