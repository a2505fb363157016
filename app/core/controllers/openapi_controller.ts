import { appUrl } from '#config/app'
import { openApiDocument } from '#core/openapi/openapi_document'

export default class OpenApiController {
  /** The API's OpenAPI 3.1 document, public like any API reference. */
  async show() {
    return openApiDocument(appUrl)
  }
}
