import { registry } from '@generated/registry'
import { createTuyau } from '@tuyau/core/client'

/**
 * Typed routes for `<Link route>` and `<Form route>`, generated from the
 * server's named routes.
 */
export const client = createTuyau({ baseUrl: '/', registry })
