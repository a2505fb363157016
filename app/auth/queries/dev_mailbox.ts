import db from '@adonisjs/lucid/services/db'

/**
 * Messages kept by the dev mailbox transport, newest first, with the
 * sign-in link and code picked out of the text.
 */
export class DevMailbox {
  async latest(limit: number) {
    const rows = await db
      .from('dev_mailbox_messages')
      .orderBy('id', 'desc')
      .limit(limit)
      .select('id', 'to', 'subject', 'text', 'created_at')
    return rows.map((row) => ({
      id: Number(row.id),
      to: row.to as string,
      subject: row.subject as string,
      link: (row.text as string).match(/https?:\/\/\S+\/auth\/callback\?token=[\w-]+/)?.[0] ?? null,
      code: (row.text as string).match(/code: (\d{6})/)?.[1] ?? null,
      createdAt: new Date(row.created_at).toISOString(),
    }))
  }
}
