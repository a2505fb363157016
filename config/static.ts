import { defineConfig } from '@adonisjs/static'
import { IMMUTABLE } from '#core/middleware/precompressed_assets_middleware'

const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  // Built assets carry a content hash in their names (their pre-compressed twins: PrecompressedAssets).
  headers: (path) => (path.includes('/public/assets/') ? { 'Cache-Control': IMMUTABLE } : {}),
})

export default staticServerConfig
