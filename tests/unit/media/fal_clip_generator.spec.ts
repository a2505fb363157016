import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import sharp from 'sharp'
import { ProviderError } from '#media/providers/contracts'
import {
  CAMERA_MOVES,
  FAL_CLIP_ENDPOINT,
  FalClipGenerator,
  type FalClipInput,
} from '#media/providers/fal/fal_clip_generator'
import { probe } from '#media/render/probe'
import {
  FAKE_FAL_KEY,
  HAILUO_ENDPOINT,
  fakeHailuoVideo,
  startFakeFal,
} from '#tests/helpers/fakes/fake_fal'

type Cleanup = (handler: () => Promise<void>) => void

async function startFal(cleanup: Cleanup) {
  const fal = await startFakeFal()
  cleanup(() => fal.close())
  const dir = await mkdtemp(join(tmpdir(), 'fal-clip-spec-'))
  cleanup(() => rm(dir, { recursive: true, force: true }))
  const generator = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
    new FalClipGenerator({
      apiKey: FAKE_FAL_KEY,
      baseUrl: fal.baseUrl,
      pollIntervalMs: 20,
      ...overrides,
    })
  const submits = () =>
    fal.requests.filter(
      (request) => request.method === 'POST' && request.path === `/${FAL_CLIP_ENDPOINT}`
    )
  return { fal, dir, generator, submits }
}

let still: Buffer | undefined

/** A 576×1024 still, FLUX's portrait size. */
async function portraitStill() {
  still ??= await sharp({
    create: { width: 576, height: 1024, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer()
  return still
}

async function clipInput(dir: string, overrides: Partial<FalClipInput> = {}) {
  return {
    still: await portraitStill(),
    index: 0,
    seconds: 5,
    width: 360,
    height: 640,
    outputPath: join(dir, 'clip.mp4'),
    ...overrides,
  } satisfies FalClipInput
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof ProviderError) return error
    throw error
  }
  throw new Error('expected a ProviderError, got a result')
}

test.group('FalClipGenerator', (group) => {
  // The fake's Hailuo MP4 is encoded once per run; not on the clock of the first test.
  group.setup(async () => {
    await fakeHailuoVideo()
  })

  test('the fake Hailuo endpoint is the one the generator calls', ({ assert }) => {
    assert.equal(FAL_CLIP_ENDPOINT, HAILUO_ENDPOINT)
  })

  test('a 6 s Hailuo video becomes a silent 5.0 s h264 yuv420p clip of the frame size', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator } = await startFal(cleanup)
    const input = await clipInput(dir)

    await generator().clip(input)

    const probed = await probe(input.outputPath)
    assert.closeTo(probed.durationSeconds, 5, 0.1)
    const video = probed.streams.filter((stream) => stream.codecType === 'video')
    assert.lengthOf(video, 1)
    assert.deepEqual(
      {
        codec: video[0].codecName,
        pixFmt: video[0].pixFmt,
        width: video[0].width,
        height: video[0].height,
        frameRate: video[0].frameRate,
      },
      { codec: 'h264', pixFmt: 'yuv420p', width: 360, height: 640, frameRate: '30/1' }
    )
    assert.notExists(probed.streams.find((stream) => stream.codecType === 'audio'))
  })

  test('submits Hailuo-02 standard at 768P for 6 s with the still inline and a camera move', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator, submits } = await startFal(cleanup)

    await generator().clip(
      await clipInput(dir, { prompt: '  A lighthouse on a cliff at dawn  ', index: 0 })
    )

    const [submit] = submits()
    assert.equal(submit.headers.authorization, `Key ${FAKE_FAL_KEY}`)
    const body = submit.body as Record<string, unknown>
    assert.deepInclude(body, { duration: '6', resolution: '768P', prompt_optimizer: false })
    assert.equal(body.prompt, '[Push in] A lighthouse on a cliff at dawn')
    const imageUrl = String(body.image_url)
    assert.match(imageUrl, /^data:image\/jpeg;base64,/)
    const sent = await sharp(Buffer.from(imageUrl.split(',')[1], 'base64')).metadata()
    assert.deepEqual(
      { format: sent.format, width: sent.width, height: sent.height },
      { format: 'jpeg', width: 360, height: 640 }
    )
  })

  test('each scene position asks for its own camera move; no prompt gives a generic one', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator, submits } = await startFal(cleanup)
    const clips = generator()

    for (const index of [0, 1, 2, 3, 4, 5, 6]) {
      await clips.clip(await clipInput(dir, { index, outputPath: join(dir, `clip-${index}.mp4`) }))
    }

    const prompts = submits().map((submit) => (submit.body as { prompt: string }).prompt)
    assert.deepEqual(prompts, [
      '[Push in] Cinematic motion of the scene',
      '[Pan right] Cinematic motion of the scene',
      '[Pull out] Cinematic motion of the scene',
      '[Pan left] Cinematic motion of the scene',
      '[Tilt up] Cinematic motion of the scene',
      '[Tilt down] Cinematic motion of the scene',
      '[Push in] Cinematic motion of the scene',
    ])
    assert.lengthOf(new Set(prompts.slice(0, CAMERA_MOVES.length)), CAMERA_MOVES.length)
  }).timeout(30_000)

  test('fills a landscape frame too', async ({ assert, cleanup }) => {
    const { dir, generator } = await startFal(cleanup)
    const input = await clipInput(dir, { width: 640, height: 360, index: 1 })

    await generator().clip(input)

    const probed = await probe(input.outputPath)
    const [video] = probed.streams.filter((stream) => stream.codecType === 'video')
    assert.deepEqual({ width: video.width, height: video.height }, { width: 640, height: 360 })
    assert.closeTo(probed.durationSeconds, 5, 0.1)
  })

  test('{behaviour} on submit is a {kind} ProviderError and writes no clip')
    .with([
      { behaviour: 'balance_exhausted', kind: 'balance_exhausted' },
      { behaviour: 'invalid_key', kind: 'configuration' },
      { behaviour: 'rejected_input', kind: 'rejected_input' },
      { behaviour: 'server_error', kind: 'transient' },
    ] as const)
    .run(async ({ assert, cleanup }, row) => {
      const { fal, dir, generator } = await startFal(cleanup)
      fal.setBehaviour(FAL_CLIP_ENDPOINT, row.behaviour)
      const input = await clipInput(dir)

      const error = await failure(generator().clip(input))

      assert.equal(error.kind, row.kind)
      await assert.rejects(() => stat(input.outputPath))
    })

  test('a 403 reads as an exhausted fal balance', async ({ assert, cleanup }) => {
    const { fal, dir, generator } = await startFal(cleanup)
    fal.setBehaviour(FAL_CLIP_ENDPOINT, 'balance_exhausted')

    const error = await failure(generator().clip(await clipInput(dir)))

    assert.equal(error.kind, 'balance_exhausted')
    assert.match(error.message, /^Exhausted balance on fal\.ai: .*Exhausted balance/)
  })

  test('a wrong key is a configuration error before anything is generated', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator, submits } = await startFal(cleanup)

    const error = await failure(generator({ apiKey: 'wrong:key' }).clip(await clipInput(dir)))

    assert.equal(error.kind, 'configuration')
    assert.lengthOf(submits(), 1)
  })

  test('a video that never completes times out as transient and is cancelled', async ({
    assert,
    cleanup,
  }) => {
    const { fal, dir, generator } = await startFal(cleanup)
    fal.setBehaviour(FAL_CLIP_ENDPOINT, 'never_completes')

    const error = await failure(generator({ timeoutMs: 300 }).clip(await clipInput(dir)))

    assert.equal(error.kind, 'transient')
    assert.isTrue(fal.requests.some((request) => request.path.endsWith('/cancel')))
  })

  test('an output without a video, or a video that is not one, fails', async ({
    assert,
    cleanup,
  }) => {
    const { fal, dir, generator } = await startFal(cleanup)

    fal.setBehaviour(FAL_CLIP_ENDPOINT, { output: { video: null } })
    const empty = await failure(generator().clip(await clipInput(dir)))
    assert.equal(empty.kind, 'failed')
    assert.equal(empty.message, 'fal.ai returned no video')

    fal.setBehaviour(FAL_CLIP_ENDPOINT, {
      output: { video: { url: `${fal.baseUrl}/files/gone.mp4` } },
    })
    const missing = await failure(generator().clip(await clipInput(dir)))
    assert.equal(missing.kind, 'failed')
    assert.equal(missing.message, 'fal.ai video download failed (404)')

    // Something that downloads fine but is no video: the fake's JSON key set.
    fal.setBehaviour(FAL_CLIP_ENDPOINT, { output: { video: { url: fal.jwksUrl } } })
    const undecodable = await failure(generator().clip(await clipInput(dir)))
    assert.equal(undecodable.kind, 'failed')
    assert.equal(undecodable.message, 'fal.ai video could not be decoded')
  })
})
