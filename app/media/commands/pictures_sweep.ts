import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SweepPictures } from '#media/actions/sweep_pictures'

/**
 * Image to Video's sweep, now (docs/product.md, Image to Video): raw uploads
 * and unattached pictures more than a day old. It also runs on its own as
 * users ask for upload URLs; this is for a cron job or an operator.
 */
export default class PicturesSweep extends BaseCommand {
  static commandName = 'pictures:sweep'
  static description =
    'Delete picture uploads never used and pictures no project took, once a day old'
  static options: CommandOptions = { startApp: true }

  async run() {
    const sweep = await this.app.container.make(SweepPictures)
    const { uploads, pictures } = await sweep.handle()
    this.logger.success(
      `pictures: ${uploads.length} stale upload(s) and ${pictures.length} unattached picture(s) deleted`
    )
  }
}
