import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import sharp from 'sharp'
import type User from '#auth/models/user'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import { ProjectFactory } from '#database/factories/project_factory'
import { numberedScenes } from '#database/factories/scene_factory'

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
