import Payment from '#billing/models/payment'

export class ListPayments {
  /** A user's own payments, newest first. */
  async forUser(userId: number, limit = 50) {
    return Payment.query()
      .where('user_id', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
  }
}
