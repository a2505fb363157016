import env from '#start/env'
import app from '@adonisjs/core/services/app'
import type { Secret } from '@adonisjs/core/helpers'
import { defineConfig, services } from '@adonisjs/drive'

/** The variables the disks are built from, as start/env.ts validates them. */
export type DriveEnv = {
  get<K extends keyof DriveVariables>(key: K): DriveVariables[K]
}

type DriveVariables = {
  DRIVE_DISK?: 'fs' | 's3'
  DRIVE_FS_ROOT?: string
  S3_BUCKET?: string
  S3_REGION?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: Secret<string>
  S3_ENDPOINT?: string
  S3_FORCE_PATH_STYLE?: boolean
}

/**
 * Media files (stills, clips, videos, music), private whichever disk
 * DRIVE_DISK picks:
 * - `fs` (default): the local disk under storage/ (DRIVE_FS_ROOT), served
 *   only through signed, expiring URLs under /uploads;
 * - `s3`: an S3 bucket (or R2, MinIO… through S3_ENDPOINT), read through
 *   presigned, expiring GET URLs.
 */
export function driveConfigFrom(vars: DriveEnv) {
  return defineConfig({
    default: vars.get('DRIVE_DISK') ?? 'fs',
    services: {
      fs: services.fs({
        location: app.makePath(vars.get('DRIVE_FS_ROOT') ?? 'storage'),
        serveFiles: true,
        routeBasePath: '/uploads',
        visibility: 'private',
      }),
      // Built on first use only, so the empty fallbacks never reach S3:
      // start/env.ts requires the real values when DRIVE_DISK=s3.
      s3: services.s3({
        bucket: vars.get('S3_BUCKET') ?? '',
        region: vars.get('S3_REGION'),
        endpoint: vars.get('S3_ENDPOINT'),
        forcePathStyle: vars.get('S3_FORCE_PATH_STYLE'),
        credentials: {
          accessKeyId: vars.get('S3_ACCESS_KEY_ID') ?? '',
          secretAccessKey: vars.get('S3_SECRET_ACCESS_KEY')?.release() ?? '',
        },
        visibility: 'private',
        // Privacy comes from the bucket, not per-object ACLs: R2 has none and
        // AWS disables them on new buckets.
        supportsACL: false,
      }),
    },
  })
}

const driveConfig = driveConfigFrom(env)

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
