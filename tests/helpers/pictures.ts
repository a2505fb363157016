import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import app from '@adonisjs/core/services/app'
import { Env } from '@adonisjs/core/env'
import { Secret } from '@adonisjs/core/helpers'
import { DriveManager } from '@adonisjs/drive'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import { driveConfigFrom } from '#config/drive'
import { MediaStorage } from '#media/services/media_storage'
import { PICTURE_UPLOADS_PREFIX } from '#media/services/picture_uploads'
import { FAKE_S3_KEY, startFakeS3 } from '#tests/helpers/fakes/fake_s3'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import Picture from '#media/models/picture'
import type Project from '#studio/models/project'
import { ProjectFactory } from '#database/factories/project_factory'
import { numberedScenes } from '#database/factories/scene_factory'

/**
 * Pictures for the Image to Video tests, made in the test with sharp (or by
 * hand where sharp cannot write the file: an APNG, a decompression bomb),
 * and the requests a browser makes with them.
 */

type Cleanup = (fn: () => Promise<void> | void) => void

/** Pixels that do not compress to nothing, so sizes and re-encodes are real. */
function noise(width: number, height: number, channels: 3 | 4, alpha = 255) {
  const pixels = Buffer.alloc(width * height * channels)
  for (let index = 0; index < pixels.length; index++) {
    pixels[index] =
      channels === 4 && index % 4 === 3 ? alpha : (index * 7919 + (index >> 7) * 31) % 251
  }
  return sharp(pixels, { raw: { width, height, channels } })
}

export function makeJpeg(width = 64, height = 48) {
  return noise(width, height, 3).jpeg().toBuffer()
}

export function makePng(width = 64, height = 48, alpha?: number) {
  return noise(width, height, alpha === undefined ? 3 : 4, alpha)
    .png()
    .toBuffer()
}

export function makeWebp(width = 64, height = 48) {
  return noise(width, height, 3).webp().toBuffer()
}

export function makeAvif(width = 64, height = 48) {
  return noise(width, height, 3).avif().toBuffer()
}

export function makeGif(width = 32, height = 32) {
  return noise(width, height, 3).gif().toBuffer()
}

/** Two frames joined into one animation. */
async function frames() {
  const one = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer()
  const two = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer()
  return sharp([one, two], { join: { animated: true } })
}

export async function makeAnimatedGif() {
  const animation = await frames()
  return animation.gif({ loop: 0, delay: [100, 100] }).toBuffer()
}

export async function makeAnimatedWebp() {
  const animation = await frames()
  return animation.webp({ loop: 0, delay: [100, 100] }).toBuffer()
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

function chunksOf(png: Buffer) {
  const found: { type: string; data: Buffer }[] = []
  let offset = 8
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    found.push({
      type: png.toString('latin1', offset + 4, offset + 8),
      data: png.subarray(offset + 8, offset + 8 + length),
    })
    offset += 12 + length
  }
  return found
}

const PNG_SIGNATURE = Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')

/** A real two-frame APNG (sharp writes only still PNGs): red, then blue. */
export async function makeAnimatedPng() {
  const still = (r: number, b: number) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer()
  const first = chunksOf(await still(255, 0))
  const second = chunksOf(await still(0, 255))
  const ihdr = first.find((one) => one.type === 'IHDR')!
  const frameControl = (sequence: number) => {
    const data = Buffer.alloc(26)
    data.writeUInt32BE(sequence, 0)
    data.writeUInt32BE(16, 4)
    data.writeUInt32BE(16, 8)
    data.writeUInt16BE(1, 20) // delay 1/10 s
    data.writeUInt16BE(10, 22)
    return chunk('fcTL', data)
  }
  const animation = Buffer.alloc(8)
  animation.writeUInt32BE(2, 0) // frames
  const secondData = second.filter((one) => one.type === 'IDAT').map((one) => one.data)
  const sequence = Buffer.alloc(4)
  sequence.writeUInt32BE(2, 0)
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr.data),
    chunk('acTL', animation),
    frameControl(0),
    ...first.filter((one) => one.type === 'IDAT').map((one) => chunk('IDAT', one.data)),
    frameControl(1),
    chunk('fdAT', Buffer.concat([sequence, ...secondData])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A valid PNG of 30,000 × 30,000 one-bit pixels, all black: about 110 kB
 * that would take 900 megapixels (gigabytes) to decode.
 */
export function makePngBomb(side = 30_000) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  const rowBytes = 1 + Math.ceil(side / 8)
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 })
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG carrying EXIF with a GPS position, a camera and orientation 6 (turn 90° clockwise). */
export function makeJpegWithGps(width = 80, height = 40, orientation = 6) {
  return noise(width, height, 3)
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'Reelforge Test Camera', Model: 'RT-1', Copyright: 'A creator' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="A creator"/>' +
        '</rdf:RDF></x:xmpmeta>'
    )
    .toBuffer()
}

/** The EXIF tags of IFD0 (numbers), from the raw EXIF block sharp's metadata gives. */
export function exifIfd0Tags(exif: Buffer) {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd = u32(4)
  const count = u16(ifd)
  return Array.from({ length: count }, (_, index) => u16(ifd + 2 + index * 12))
}

/** The EXIF tag pointing at the GPS block. */
export const GPS_IFD_TAG = 0x8825

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<script>alert(document.cookie)</script><rect width="64" height="64" fill="red"/></svg>'
)

/** The start of a real one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 64 64] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n'
)

/** A ZIP's local file header: what a ZIP appended to a picture starts with. */
export const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1')

export function fakeZip() {
  return Buffer.concat([ZIP_MAGIC, Buffer.from('evil.html<script>alert(1)</script>'.repeat(4))])
}

/** Every stored object under the user's picture folders (raw uploads and pictures). */
export async function storedFor(userId: number, storage = new MediaStorage()) {
  const keys = [
    ...(await storage.listKeys(`${PICTURE_UPLOADS_PREFIX}/${userId}`)),
    ...(await storage.listKeys(`pictures/${userId}`)),
  ]
  return keys.sort()
}

/** The user's rows in `pictures`, whole. */
export async function pictureRowsOf(userId: number) {
  return db.from('pictures').where('user_id', userId).orderBy('id')
}

/** Removes what a test stored for these users (storage is not rolled back with the database). */
export function removeStoredPictures(
  cleanup: Cleanup,
  users: User[],
  storage = new MediaStorage()
) {
  cleanup(async () => {
    for (const user of users) {
      await storage.deletePrefix(`${PICTURE_UPLOADS_PREFIX}/${user.id}`)
      await storage.deletePrefix(`pictures/${user.id}`)
    }
  })
}

export function requestUploadUrl(
  client: ApiClient,
  user: User,
  body: Record<string, unknown> = { name: 'beach.jpg' }
) {
  return client.post('/api/pictures/uploads').json(body).loginAs(user).withCsrfToken()
}

export type Ticket = {
  upload: string
  uploadURL: string
  method: 'PUT'
  headers: Record<string, string>
}

/** An upload URL, as the browser asks for one. */
export async function ticketFor(
  client: ApiClient,
  user: User,
  body: Record<string, unknown> = { name: 'beach.jpg' }
) {
  const response = await requestUploadUrl(client, user, body)
  response.assertStatus(201)
  return response.body() as Ticket
}

export function putBytes(client: ApiClient, user: User, url: string, bytes: Buffer) {
  return client
    .put(url)
    .unsafeJson(bytes)
    .type('application/octet-stream')
    .loginAs(user)
    .withCsrfToken()
}

export function registerUpload(client: ApiClient, user: User, upload: string) {
  return client.post('/api/pictures').json({ upload }).loginAs(user).withCsrfToken()
}

/** Ticket, PUT and register, as the browser does on the fs disk; every answer on the way. */
export async function uploadPicture(client: ApiClient, user: User, bytes: Buffer) {
  const ticket = await requestUploadUrl(client, user)
  ticket.assertStatus(201)
  const { upload, uploadURL } = ticket.body() as { upload: string; uploadURL: string }
  const put = await putBytes(client, user, uploadURL, bytes)
  const registered = await registerUpload(client, user, upload)
  return { upload, uploadURL, put, registered }
}

/** MediaStorage on a local S3 (s3rver), as DRIVE_DISK=s3 builds it; swapped in for the test. */
export async function useFakeS3(cleanup: Cleanup) {
  const bucket = 'reelforge-pictures'
  const s3 = await startFakeS3(bucket)
  const { config } = await driveConfigFrom(
    new Env({
      DRIVE_DISK: 's3' as const,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: FAKE_S3_KEY,
      S3_SECRET_ACCESS_KEY: new Secret(FAKE_S3_KEY),
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: true,
    })
  ).resolver(app)
  const storage = new MediaStorage(new DriveManager(config))
  app.container.swap(MediaStorage, () => storage)
  cleanup(async () => {
    app.container.restore(MediaStorage)
    await s3.close()
  })
  return { s3, bucket, storage }
}

/**
 * A local web server for URL imports: `handle` answers each request; it
 * counts connections, so a test can tell that nothing ever connected.
 */
export async function startPictureServer(
  handle: (request: IncomingMessage, response: ServerResponse, base: string) => void
) {
  let connections = 0
  const paths: string[] = []
  const server = createServer((request, response) => {
    paths.push(request.url ?? '/')
    handle(request, response, base)
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    port,
    paths,
    get connections() {
      return connections
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type PictureShape = { width: number; height: number; background: string }

/** A plain picture of one colour with a white disc right of centre: small, made in the test. */
export async function makePicture({ width, height, background }: PictureShape) {
  const radius = Math.round(Math.min(width, height) / 5)
  const disc = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${Math.round(width * 0.6)}" cy="${Math.round(height / 2)}" r="${radius}" fill="white"/></svg>`
  )
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: disc }])
    .jpeg()
    .toBuffer()
}

/**
 * A picture of `owner` as the upload checks leave it: the file and its
 * thumbnail stored, the row unattached (no project took it yet).
 */
export async function storedPicture(owner: User, shape: PictureShape) {
  const storage = new MediaStorage()
  const data = await makePicture(shape)
  const name = randomUUID()
  const key = `pictures/${owner.id}/${name}.jpg`
  const thumbnailKey = `pictures/${owner.id}/${name}-thumb.jpg`
  await storage.put(key, data, 'image/jpeg')
  await storage.put(
    thumbnailKey,
    await sharp(data).resize(240, 240, { fit: 'inside' }).jpeg().toBuffer(),
    'image/jpeg'
  )
  return Picture.create({
    userId: owner.id,
    key,
    thumbnailKey,
    width: shape.width,
    height: shape.height,
    contentType: 'image/jpeg',
    byteSize: data.length,
    attachedAt: null,
  })
}

export const RED_LANDSCAPE = { width: 320, height: 180, background: '#c81e1e' }
export const GREEN_PORTRAIT = { width: 180, height: 320, background: '#1e9632' }
export const BLUE_SQUARE = { width: 240, height: 240, background: '#1e3cc8' }

/**
 * A draft Image to Video project of `owner`, made with the factories: one
 * pending scene per picture, in order, each taking its picture and naming
 * its number in its words ("scene number 2").
 */
export async function createPictureProject(
  owner: User,
  pictures: Picture[],
  overrides: Partial<Pick<Project, 'aspectRatio'>> = {}
) {
  for (const picture of pictures) {
    await picture.merge({ attachedAt: DateTime.now() }).save()
  }
  const scenes = numberedScenes(pictures.length).map((scene, index) => ({
    ...scene,
    pictureId: pictures[index].id,
  }))
  return ProjectFactory.merge({ userId: owner.id, generationMode: 'image-to-video', ...overrides })
    .with('scenes', pictures.length, (factory) => factory.merge(scenes))
    .create()
}
