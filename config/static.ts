import { defineConfig } from '@adonisjs/static'
import { IMMUTABLE } from '#core/middleware/precompressed_assets_middleware'

/**
 * Passed through to serve-static, which @adonisjs/static does not type: a
 * path that lands on a directory of public/ (`/uploads/%2e%2e`) falls through
 * to the router's not-found page instead of a 301 to a trailing slash.
 */
const servesNoDirectories = { redirect: false }

const staticServerConfig = defineConfig({
  ...servesNoDirectories,
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  // Built assets carry a content hash in their names (their pre-compressed twins: PrecompressedAssets).
  headers: (path) => (path.includes('/public/assets/') ? { 'Cache-Control': IMMUTABLE } : {}),
})

export default staticServerConfig
