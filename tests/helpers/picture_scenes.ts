import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import sharp from 'sharp'
import type User from '#auth/models/user'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import { ProjectFactory } from '#database/factories/project_factory'
import { numberedScenes } from '#database/factories/scene_factory'

/**
 * Three pictures a creator might bring, each its own shape, colour and
 * object, small enough for fast tests: a red landscape with a white disc
 * left of centre, a green portrait with a yellow bar high up, a blue
 * square with an orange triangle.
 */
const TEST_PICTURES = {
  redLandscape: {
    width: 640,
    height: 400,
    object: '<circle cx="240" cy="200" r="110" fill="#f4f4f4"/>',
    from: '#b01818',
    to: '#ff6a4a',
  },
  greenPortrait: {
    width: 360,
    height: 640,
    object: '<rect x="60" y="90" width="240" height="120" fill="#ffd21f"/>',
    from: '#0d5f1e',
    to: '#62d36b',
  },
  blueSquare: {
    width: 480,
    height: 480,
    object: '<polygon points="240,70 420,400 60,400" fill="#ff8a12"/>',
    from: '#0b2a8a',
    to: '#4f86ff',
  },
} as const

/** One of TEST_PICTURES as JPEG bytes: a gradient background and its object. */
export function testPicture(name: keyof typeof TEST_PICTURES) {
  const { width, height, object, from, to } = TEST_PICTURES[name]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="0" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${object}
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

/** `image` stored through MediaStorage as a picture of `owner`, attached, with its thumbnail. */
export async function storePicture(owner: User, image: Buffer) {
  const storage = new MediaStorage()
  const folder = `pictures/${owner.id}/${randomUUID()}`
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const thumbnail = await sharp(image).resize(160, 160, { fit: 'inside' }).jpeg().toBuffer()
  await storage.put(`${folder}/picture.jpg`, image, 'image/jpeg')
  await storage.put(`${folder}/thumbnail.jpg`, thumbnail, 'image/jpeg')
  return Picture.create({
    userId: owner.id,
    key: `${folder}/picture.jpg`,
    thumbnailKey: `${folder}/thumbnail.jpg`,
    width,
    height,
    contentType: 'image/jpeg',
    byteSize: image.length,
    attachedAt: DateTime.now(),
  })
}

/**
 * A draft Image to Video project of `owner` (factories), one pending scene
 * per picture in order, each scene's words naming its number.
 */
export function createPictureProject(
  owner: User,
  pictures: Picture[],
  overrides: Partial<Pick<Project, 'aspectRatio'>> = {}
) {
  const scenes = numberedScenes(pictures.length).map((scene, index) => ({
    ...scene,
    pictureId: pictures[index].id,
  }))
  return ProjectFactory.merge({ userId: owner.id, generationMode: 'image-to-video', ...overrides })
    .with('scenes', pictures.length, (factory) => factory.merge(scenes))
    .create()
}
