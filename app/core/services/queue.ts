import app from '@adonisjs/core/services/app'
import { QueueService } from '#core/queue/queue_service'

let queue: QueueService

await app.booted(async () => {
  queue = await app.container.make(QueueService)
})

export { queue as default }
