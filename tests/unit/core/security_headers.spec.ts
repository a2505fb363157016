import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Env } from '@adonisjs/core/env'
import { Secret } from '@adonisjs/core/helpers'
import { DriveManager } from '@adonisjs/drive'
import { driveConfigFrom, type DriveEnv } from '#config/drive'
import { contentSecurityPolicy, hmrSocketOf, mediaOriginOf } from '#core/http/security_headers'

/** The origin the app's disk would put in the policy, built from these variables. */
async function mediaOriginFrom(vars: Record<string, unknown>) {
  const { config } = await driveConfigFrom(new Env(vars) as DriveEnv).resolver(app)
  return mediaOriginOf(new DriveManager(config).use())
}

const S3 = {
  DRIVE_DISK: 's3' as const,
  S3_BUCKET: 'reelforge-media',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: new Secret('secret'),
}

test.group('Security headers: the policy', () => {
  test('production on the fs disk: scripts from the app and Turnstile only', ({ assert }) => {
    assert.equal(
      contentSecurityPolicy({ mediaOrigin: null, hmrSocket: null }, 'n0nce'),
      [
        "default-src 'self'",
        "base-uri 'self'",
        "object-src 'none'",
        "script-src 'self' 'nonce-n0nce' https://challenges.cloudflare.com",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        'frame-src https://challenges.cloudflare.com',
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; ')
    )
  })

  test('DRIVE_DISK=s3: the bucket may serve images and video, and take uploads', ({ assert }) => {
    const policy = contentSecurityPolicy(
      { mediaOrigin: 'https://reelforge-media.s3.eu-west-1.amazonaws.com', hmrSocket: null },
      'n0nce'
    )

    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      assert.match(
        policy,
        new RegExp(`${directive} [^;]* https://reelforge-media\\.s3\\.eu-west-1\\.amazonaws\\.com`)
      )
    }
    assert.notMatch(policy, /script-src [^;]*amazonaws/)
  })

  // The fs disk (its URLs are /uploads paths, so none) is checked on the running app, in
  // tests/functional/core/security_headers.spec.ts.
  test('the media origin is where the S3 disk signs its URLs', async ({ assert }) => {
    assert.equal(await mediaOriginFrom(S3), 'https://reelforge-media.s3.eu-west-1.amazonaws.com')
    assert.equal(
      await mediaOriginFrom({
        ...S3,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
      }),
      'https://reelforge-media.0123abcd.r2.cloudflarestorage.com'
    )
    assert.equal(
      await mediaOriginFrom({
        ...S3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: true,
      }),
      'http://127.0.0.1:9000'
    )
  })

  test("development adds Vite's HMR socket, on the page's host, to connect-src", ({ assert }) => {
    assert.equal(hmrSocketOf(undefined, '127.0.0.1'), 'ws://127.0.0.1:24678')
    assert.equal(hmrSocketOf({ port: 41234 }, 'localhost'), 'ws://localhost:41234')
    assert.equal(hmrSocketOf({ port: 41234, clientPort: 443 }, 'localhost'), 'ws://localhost:443')
    assert.isNull(hmrSocketOf(false, 'localhost'))
    assert.isNull(hmrSocketOf(undefined, "evil; script-src 'unsafe-inline'"))
    assert.match(
      contentSecurityPolicy({ mediaOrigin: null, hmrSocket: 'ws://localhost:41234' }, 'n'),
      /connect-src 'self' ws:\/\/localhost:41234;/
    )
  })
})
