import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Serializes transformer output for JSON bodies: no wrapping key, so
 * `/api/*` answers exactly the transformed object.
 */
class ApiSerializer extends BaseSerializer<{ PaginationMetaData: Record<string, unknown> }> {
  wrap = undefined

  definePaginationMetaData(metaData: unknown) {
    return metaData as Record<string, unknown>
  }
}

export const apiSerializer = new ApiSerializer()
