import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokenDbColumns } from '@adonisjs/auth/types/access_tokens'
import { isDatabaseId } from '#core/database_id'

/**
 * The agency API's personal access tokens (`auth_access_tokens`, hashed). As
 * the stock provider, except that the id in a token must be a row id (else
 * PostgreSQL would fail on it: a 500) and that a token's last use is recorded
 * only once its secret matched, so a forged `rf_<id>.<anything>` changes nothing.
 */
export class ApiTokenStore<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  async verify(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded || !isDatabaseId(decoded.identifier)) return null

    const db = await this.getDb()
    const row: AccessTokenDbColumns | null = await db
      .from(this.table)
      .where({ id: decoded.identifier, type: this.type })
      .first()
    if (!row) return null

    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    token.lastUsedAt = new Date()
    await db
      .from(this.table)
      .where({ id: row.id, type: this.type })
      .update({ last_used_at: token.lastUsedAt })
    return token
  }
}
