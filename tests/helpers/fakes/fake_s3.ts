import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** s3rver's one built-in key pair; it refuses every other access key. */
export const FAKE_S3_KEY = 'S3RVER'

/**
 * A local S3 speaking the real wire protocol (s3rver) in a temp folder: the
 * AWS SDK signs and sends real requests to it. It enforces a presigned URL's
 * expiry but does not check V4 signatures.
 */
export async function startFakeS3(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), 'reelforge-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
