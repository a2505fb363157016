import type { ApplicationService } from '@adonisjs/core/types'
import type { ProgressRelay } from '#studio/render/progress_relay'

/**
 * Web processes relay render progress to their SSE clients (the test
 * process starts its own relay in tests/bootstrap.ts, once its database exists).
 */
export default class StudioProvider {
  #relay?: ProgressRelay

  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { ProgressRelay } = await import('#studio/render/progress_relay')
    const { QueueService } = await import('#core/queue/queue_service')
    const logger = await this.app.container.make('logger')
    this.#relay = new ProgressRelay(await this.app.container.make(QueueService), logger)
    await this.#relay.start()
  }

  async shutdown() {
    await this.#relay?.stop()
  }
}
