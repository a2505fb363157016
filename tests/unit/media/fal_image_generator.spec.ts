import { test } from '@japa/runner'
import sharp from 'sharp'
import type { ImageRequest } from '#media/providers/contracts'
import { FalImageGenerator } from '#media/providers/fal/fal_image_generator'
import { FAKE_FAL_KEY, startFakeFal } from '#tests/helpers/fakes/fake_fal'
import { failure } from '#tests/helpers/provider_errors'

const request: ImageRequest = {
  prompt: 'Cinematic still, golden hour: a lighthouse on a cliff',
  sceneText: 'A lighthouse on a cliff',
  style: 'cinematic',
  aspectRatio: '9:16',
  seed: 1234,
  width: 360,
}

async function startFal(cleanup: (handler: () => Promise<void>) => void) {
  const fal = await startFakeFal()
  cleanup(() => fal.close())
  const generator = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
    new FalImageGenerator({
      apiKey: FAKE_FAL_KEY,
      baseUrl: fal.baseUrl,
      pollIntervalMs: 20,
      ...overrides,
    })
  return { fal, generator }
}

test.group('FalImageGenerator', () => {
  test('{aspectRatio} gives a {width}×{height} jpeg from image_size {imageSize}')
    .with([
      { aspectRatio: '9:16', imageSize: 'portrait_16_9', width: 360, height: 640 },
      { aspectRatio: '1:1', imageSize: 'square_hd', width: 360, height: 360 },
      { aspectRatio: '16:9', imageSize: 'landscape_16_9', width: 360, height: 202 },
    ] as const)
    .run(async ({ assert, cleanup }, row) => {
      const { fal, generator } = await startFal(cleanup)

      const image = await generator().generate({ ...request, aspectRatio: row.aspectRatio })

      assert.deepEqual(
        { contentType: image.contentType, width: image.width, height: image.height },
        { contentType: 'image/jpeg', width: row.width, height: row.height }
      )
      const metadata = await sharp(image.data).metadata()
      assert.deepEqual(
        { format: metadata.format, width: metadata.width, height: metadata.height },
        { format: 'jpeg', width: row.width, height: row.height }
      )

      const [submit] = fal.requests
      assert.equal(submit.method, 'POST')
      assert.equal(submit.path, '/fal-ai/flux/schnell')
      assert.equal(submit.headers.authorization, `Key ${FAKE_FAL_KEY}`)
      assert.deepEqual(submit.body, {
        prompt: request.prompt,
        image_size: row.imageSize,
        num_images: 1,
        seed: 1234,
        enable_safety_checker: true,
      })
    })

  test('goes through the queue: submit, status polls until COMPLETED, result, download', async ({
    assert,
    cleanup,
  }) => {
    const { fal, generator } = await startFal(cleanup)

    await generator().generate(request)

    const calls = fal.requests.map(({ method, path, query }) =>
      `${method} ${path}${query.size ? `?${query}` : ''}`.replace(/[0-9a-f-]{36}/g, '{id}')
    )
    assert.deepEqual(calls, [
      'POST /fal-ai/flux/schnell',
      'GET /fal-ai/flux/requests/{id}/status?logs=0',
      'GET /fal-ai/flux/requests/{id}/status?logs=0',
      'GET /fal-ai/flux/requests/{id}/status?logs=0',
      'GET /fal-ai/flux/requests/{id}',
      'GET /files/{id}.jpg',
    ])
    assert.isTrue(
      fal.requests
        .filter(({ path }) => !path.startsWith('/files/'))
        .every(({ headers }) => headers.authorization === `Key ${FAKE_FAL_KEY}`)
    )
  })

  test('an exhausted fal balance is balance_exhausted', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', 'balance_exhausted')

    const error = await failure(generator().generate(request))

    assert.equal(error.kind, 'balance_exhausted')
    assert.include(error.message, 'Exhausted balance')
  })

  test('a 422 validation error is rejected_input with its message', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', 'rejected_input')

    const error = await failure(generator().generate(request))

    assert.equal(error.kind, 'rejected_input')
    assert.include(error.message, 'prompt: String should have at most 2000 characters')
  })

  test('a wrong key is a configuration error naming the API key', async ({ assert, cleanup }) => {
    const { generator } = await startFal(cleanup)

    const error = await failure(generator({ apiKey: 'wrong:key' }).generate(request))

    assert.equal(error.kind, 'configuration')
    assert.include(error.message, 'API key')
  })

  test('a fal 401 on submit is a configuration error', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', 'invalid_key')

    const error = await failure(generator().generate(request))

    assert.equal(error.kind, 'configuration')
    assert.include(error.message, 'API key')
  })

  test('a missing key fails before any call', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)

    const error = await failure(generator({ apiKey: '' }).generate(request))

    assert.equal(error.kind, 'configuration')
    assert.include(error.message, 'API key')
    assert.lengthOf(fal.requests, 0)
  })

  test('a fal server error is transient', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', 'server_error')

    const error = await failure(generator().generate(request))

    assert.equal(error.kind, 'transient')
  })

  test('a request that never completes times out as transient and is cancelled', async ({
    assert,
    cleanup,
  }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', 'never_completes')

    const error = await failure(generator({ timeoutMs: 200 }).generate(request))

    assert.equal(error.kind, 'transient')
    assert.include(error.message, 'timed out')
    assert.match(fal.requests.at(-1)!.path, /^\/fal-ai\/flux\/requests\/[\w-]+\/cancel$/)
    assert.equal(fal.requests.at(-1)!.method, 'PUT')
  })

  test('an image flagged by the safety checker is rejected_input', async ({ assert, cleanup }) => {
    const { fal, generator } = await startFal(cleanup)
    fal.setBehaviour('fal-ai/flux/schnell', {
      output: {
        images: [{ url: `${fal.baseUrl}/files/none.jpg`, width: 576, height: 1024 }],
        has_nsfw_concepts: [true],
      },
    })

    const error = await failure(generator().generate(request))

    assert.equal(error.kind, 'rejected_input')
  })
})
