import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Media files (stills, clips, videos, music) on the local disk under
 * storage/ (DRIVE_FS_ROOT), private and served only through signed,
 * expiring URLs under /uploads.
 */
const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: app.makePath(env.get('DRIVE_FS_ROOT', 'storage')),
      serveFiles: true,
      routeBasePath: '/uploads',
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
