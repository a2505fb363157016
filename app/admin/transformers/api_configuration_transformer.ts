import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ApiConfiguration } from '#admin/queries/api_configuration'

export default class ApiConfigurationTransformer extends BaseTransformer<ApiConfiguration> {
  toObject() {
    return {
      aiDriver: this.resource.aiDriver,
      providers: this.resource.providers.map(({ name, variable, configured }) => ({
        name,
        variable,
        configured,
      })),
    }
  }
}
