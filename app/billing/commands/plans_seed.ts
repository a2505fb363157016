import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SeedCatalogue } from '#billing/actions/seed_catalogue'

export default class PlansSeed extends BaseCommand {
  static commandName = 'plans:seed'
  static description =
    'Create or update the plan catalogue (free, pro, agency) and the credit packs'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Only add missing rows; leave existing ones as they are' })
  declare onlyMissing: boolean

  async run() {
    const seed = await this.app.container.make(SeedCatalogue)
    const { created, updated, unchanged } = await seed.handle({ onlyMissing: this.onlyMissing })
    this.logger.success(
      `plans and credit packs: ${created} created, ${updated} updated, ${unchanged} unchanged`
    )
  }
}
