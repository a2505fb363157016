import pg from 'pg'
import { Exception } from '@adonisjs/core/exceptions'
import type { Kernel } from '@adonisjs/core/ace'

type PostgresConnection =
  | { connectionString: string }
  | { host: string; port: number; user: string; password?: string; database: string }

/**
 * No database answers where the config points. Ace renders it as its one
 * line of advice, with no stack trace.
 */
export class DatabaseUnreachableException extends Exception {
  static code = 'E_DATABASE_UNREACHABLE'

  render(_error: this, kernel: Kernel) {
    kernel.ui.logger.error(this.message)
  }
}

/** host:port/database, without credentials. */
export function describeDatabase(connection: PostgresConnection): string {
  if ('connectionString' in connection) {
    const url = new URL(connection.connectionString)
    return `${url.host}${url.pathname}`
  }
  return `${connection.host}:${connection.port}/${connection.database}`
}

/**
 * Opens and closes one connection, so a command that needs the database
 * fails before it starts, with what to do, instead of with a driver's stack
 * trace halfway through its work.
 */
export async function assertDatabaseReachable(connection: PostgresConnection, timeoutMs = 5000) {
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: timeoutMs })
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DatabaseUnreachableException(
      `No database reachable at ${describeDatabase(connection)} (${reason}): start \`npm run dev\` in another shell, or set DATABASE_URL.`
    )
  } finally {
    await client.end().catch(() => {})
  }
}
