import { test } from '@japa/runner'
import sharp from 'sharp'
import { isAnimatedPng, sniffPicture } from '#media/services/picture_files'
import {
  PDF,
  SVG,
  makeAnimatedPng,
  makeAvif,
  makeGif,
  makeJpeg,
  makePng,
  makeWebp,
} from '#tests/helpers/pictures'

/** What a file is, from its first bytes (app/media/services/picture_files.ts). */
test.group('Picture files: sniffing', () => {
  test('the four accepted containers are told by their magic numbers', async ({ assert }) => {
    assert.deepEqual(sniffPicture(await makeJpeg()), { kind: 'jpeg' })
    assert.deepEqual(sniffPicture(await makePng()), { kind: 'png' })
    assert.deepEqual(sniffPicture(await makeWebp()), { kind: 'webp' })
    assert.deepEqual(sniffPicture(await makeAvif()), { kind: 'heif' })
  })

  test('anything else is no picture; an image sequence (AVIF/HEIF) is an animation', async ({
    assert,
  }) => {
    const notPicture = { kind: null, animated: false }
    assert.deepEqual(sniffPicture(await makeGif()), notPicture)
    assert.deepEqual(sniffPicture(SVG), notPicture)
    assert.deepEqual(sniffPicture(PDF), notPicture)
    assert.deepEqual(sniffPicture(Buffer.from('')), notPicture)
    assert.deepEqual(sniffPicture(Buffer.from([0xff, 0xd8])), notPicture)
    const sequence = Buffer.from(await makeAvif())
    sequence.write('avis', 8, 'latin1')
    assert.deepEqual(sniffPicture(sequence), { kind: null, animated: true })
  })

  test('an APNG is told from a PNG by its acTL chunk, which the image library does not report', async ({
    assert,
  }) => {
    const animated = await makeAnimatedPng()
    assert.isTrue(isAnimatedPng(animated))
    assert.isFalse(isAnimatedPng(await makePng()))
    const metadata = await sharp(animated).metadata()
    assert.equal(metadata.format, 'png')
    assert.isAtMost(metadata.pages ?? 1, 1)
  })
})
