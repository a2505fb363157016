/*
|--------------------------------------------------------------------------
| Pre-compressed build assets
|--------------------------------------------------------------------------
|
| A Vite plugin: after a production build, every text asset of 1 kB or more
| gets a brotli (`.br`, best quality) and a gzip (`.gz`) twin beside it, which
| the app serves to clients that accept them (PrecompressedAssets).
|
*/
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'

const TEXT_ASSET = /\.(?:js|css|svg|json)$/
const MIN_BYTES = 1024

export function precompress(): Plugin {
  return {
    name: 'reelforge:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!
      const files = Object.values(bundle).filter((file) => TEXT_ASSET.test(file.fileName))
      await Promise.all(
        files.map(async (file) => {
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source)
          if (bytes.length < MIN_BYTES) return
          const path = join(dir, file.fileName)
          await writeFile(
            `${path}.br`,
            await promisify(brotliCompress)(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            })
          )
          await writeFile(`${path}.gz`, await promisify(gzip)(bytes, { level: 9 }))
        })
      )
    },
  }
}
