/** The slice of s3rver's API the fake S3 uses; the package ships no types. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export type S3rverOptions = {
    address?: string
    port?: number
    directory?: string
    silent?: boolean
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
