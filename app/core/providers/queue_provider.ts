import type { ApplicationService } from '@adonisjs/core/types'
import { QueueService, type QueueConfig } from '#core/queue/queue_service'

export default class QueueProvider {
  #service?: QueueService

  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(QueueService, async (resolver) => {
      const logger = await resolver.make('logger')
      this.#service = new QueueService(this.app.config.get<QueueConfig>('queue'), logger)
      return this.#service
    })
  }

  async shutdown() {
    await this.#service?.close()
  }
}
