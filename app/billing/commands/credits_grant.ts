import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors } from '@vinejs/vine'
import { FindAccount } from '#auth/queries/find_account'
import { operatorReference } from '#billing/ledger_references'
import { CreditLedger } from '#billing/services/credit_ledger'
import { creditsGrantValidator } from '#billing/validators/credits_grant'

export default class CreditsGrant extends BaseCommand {
  static commandName = 'credits:grant'
  static description =
    'Give an account credits through the ledger (a negative amount takes them back)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Email of the account' })
  declare email: string

  @args.string({ description: 'Credits to add; negative to remove (write `-- -5`)' })
  declare amount: string

  @flags.string({ description: 'Why, kept with the ledger row' })
  declare reason?: string

  async run() {
    let input
    try {
      input = await creditsGrantValidator.validate({
        email: this.email,
        amount: this.amount,
        reason: this.reason,
      })
    } catch (error) {
      if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
      return this.#fail(error.messages[0].message)
    }

    if (input.amount === 0) {
      return this.#fail('The amount must not be zero.')
    }
    const user = await new FindAccount().byEmail(input.email)
    if (!user) {
      return this.#fail(`No account with the email ${input.email}.`)
    }
    const ledger = await this.app.container.make(CreditLedger)
    const result = await ledger.adjust({
      userId: user.id,
      amount: input.amount,
      reference: operatorReference('cli'),
      note: input.reason ?? null,
    })
    switch (result.status) {
      case 'applied':
        this.logger.success(`${user.email} now has ${result.balance} credits`)
        return
      case 'insufficient_credits':
        return this.#fail(
          `${user.email} has ${result.balance} credits: taking ${-input.amount} would leave fewer than zero.`
        )
      case 'already_applied':
        return this.#fail('This grant was already applied.')
      case 'balance_limit':
        return this.#fail(
          `${user.email} has ${result.balance} credits: adding ${input.amount} would pass the most an account holds.`
        )
    }
  }

  #fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
