import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokenDbColumns } from '@adonisjs/auth/types/access_tokens'
import { isDatabaseId } from '#core/database_id'

/**
 * The agency API's personal access tokens (`auth_access_tokens`, hashed). As
 * the stock provider, except that the id in a token must be a row id (else
 * PostgreSQL would fail on it: a 500), that a token's last use is recorded
 * only once its secret matched, so a forged `rf_<id>.<anything>` changes
 * nothing, and that a user's tokens can be capped (`createCapped`).
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

  /**
   * A new token, or null when the user already holds `cap` of them. The
   * user's row stays locked while the tokens are counted and the new one is
   * written: requests made at once take turns, so together they cannot go
   * past the cap.
   */
  async createCapped(
    user: InstanceType<TokenableModel>,
    cap: number,
    options: { name: string; abilities?: string[] }
  ): Promise<AccessToken | null> {
    const owner = this.options.tokenableModel
    const userId = user.$primaryKeyValue as string | number
    const abilities = options.abilities ?? ['*']
    const db = await this.getDb()
    return db.transaction(async (trx) => {
      await trx.from(owner.table).where(owner.primaryKey, userId).forUpdate().first()
      const [{ total }] = await trx
        .from(this.table)
        .where({ tokenable_id: userId, type: this.type })
        .count('* as total')
      if (Number(total) >= cap) return null

      const transient = AccessToken.createTransientToken(
        userId,
        this.tokenSecretLength,
        this.options.expiresIn
      )
      const now = new Date()
      const [inserted] = await trx
        .table(this.table)
        .insert({
          tokenable_id: userId,
          type: this.type,
          name: options.name,
          hash: transient.hash,
          abilities: JSON.stringify(abilities),
          created_at: now,
          updated_at: now,
          last_used_at: null,
          expires_at: transient.expiresAt ?? null,
        })
        .returning('id')
      return new AccessToken({
        identifier: typeof inserted === 'object' ? inserted.id : inserted,
        tokenableId: userId,
        type: this.type,
        prefix: this.prefix,
        secret: transient.secret,
        name: options.name,
        hash: transient.hash,
        abilities,
        createdAt: now,
        updatedAt: now,
        lastUsedAt: null,
        expiresAt: transient.expiresAt ?? null,
      })
    })
  }
}
