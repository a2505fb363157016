import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { CheckHealth } from '#core/queries/check_health'

@inject()
export default class HealthController {
  constructor(private checkHealth: CheckHealth) {}

  async show({ response }: HttpContext) {
    const report = await this.checkHealth.run()
    return response.status(report.healthy ? 200 : 503).json(report)
  }
}
