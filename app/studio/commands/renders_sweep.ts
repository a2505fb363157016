import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SweepRunFiles } from '#studio/actions/sweep_run_files'

/**
 * The render runs' sweep, over every project (docs/product.md, Player):
 * files no row owns, an hour old, and the folders of deleted projects. A
 * cancel sweeps its own project; this is for a cron job or an operator.
 */
export default class RendersSweep extends BaseCommand {
  static commandName = 'renders:sweep'
  static description =
    'Delete render files no project or scene owns (runs cancelled, failed or replaced), once an hour old'
  static options: CommandOptions = { startApp: true }

  async run() {
    const sweep = await this.app.container.make(SweepRunFiles)
    const { projects, deleted, recovered } = await sweep.handle()
    this.logger.success(
      `renders: ${projects} project(s) looked through, ${deleted.length} orphaned file(s) deleted, ` +
        `${recovered.length} lost video(s) given back`
    )
  }
}
