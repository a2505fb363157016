import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Logs the components in use once the web server is ready.
 */
export default class BootReportProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') {
      return
    }
    const { describeComponents } = await import('#core/boot_report')
    const logger = await this.app.container.make('logger')
    logger.info(`components: ${describeComponents()}`)
  }
}
