import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import sharp from 'sharp'
import type { ClipRequest, StoryboardStill } from '#media/providers/contracts'
import {
  CAMERA_MOVES,
  FAL_CLIP_ENDPOINT,
  FAL_TEXT_CLIP_ENDPOINT,
  FalClipGenerator,
} from '#media/providers/fal/fal_clip_generator'
import { probe } from '#media/ffmpeg/probe'
import {
  FAKE_FAL_KEY,
  FAKE_HAILUO_VIDEO,
  HAILUO_ENDPOINT,
  HAILUO_TEXT_ENDPOINT,
  fakeHailuoVideo,
  startFakeFal,
} from '#tests/helpers/fakes/fake_fal'
import { failure } from '#tests/helpers/provider_errors'

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

/** The storyboard's still as the studio hands it over: fal moves over it as drawn. */
async function storyboardStill(): Promise<StoryboardStill> {
  const image = await portraitStill()
  return {
    request: {
      prompt: 'A lighthouse',
      sceneText: 'A lighthouse',
      style: 'realistic',
      aspectRatio: '9:16',
      seed: 1,
      width: 576,
    },
    read: async () => image,
  }
}

async function clipInput(dir: string, overrides: Partial<ClipRequest> = {}) {
  return {
    still: await storyboardStill(),
    prompt: '',
    index: 0,
    width: 360,
    height: 640,
    workDir: dir,
    ...overrides,
  } satisfies ClipRequest
}

/** The downloaded clip, as the generator hands it to the renderer. */
async function videoPath(source: Awaited<ReturnType<FalClipGenerator['clip']>>) {
  if (source.kind !== 'video') throw new Error(`expected a video source, got ${source.kind}`)
  await stat(source.path)
  return source.path
}

test.group('FalClipGenerator', (group) => {
  // The fake's Hailuo MP4 is encoded once per run; not on the clock of the first test.
  group.setup(async () => {
    await fakeHailuoVideo()
  })

  test('the fake Hailuo endpoints are the ones the generator calls', ({ assert }) => {
    assert.equal(FAL_CLIP_ENDPOINT, HAILUO_ENDPOINT)
    assert.equal(FAL_TEXT_CLIP_ENDPOINT, HAILUO_TEXT_ENDPOINT)
  })

  test("hands Hailuo's 6 s video over as it came, for the renderer's one encode", async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator } = await startFal(cleanup)

    const path = await videoPath(await generator().clip(await clipInput(dir)))

    assert.isTrue(path.startsWith(dir))
    const probed = await probe(path)
    assert.closeTo(probed.durationSeconds, 6, 0.1)
    assert.deepEqual(await readFile(path), await fakeHailuoVideo())
  })

  test('a clip from a still brings no first frame: the still stands for the scene', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator } = await startFal(cleanup)

    const clip = await generator().clip(await clipInput(dir))

    assert.equal(clip.kind, 'video')
    assert.isNull(clip.kind === 'video' && clip.firstFrame)
  })

  test('text-to-video asks for the prompt alone, with its camera move', async ({
    assert,
    cleanup,
  }) => {
    const { fal, dir, generator } = await startFal(cleanup)

    const path = await videoPath(
      await generator().clip(await clipInput(dir, { still: null, prompt: 'A fox in the snow' }))
    )

    const submit = fal.requests.find(
      (request) => request.method === 'POST' && request.path === `/${FAL_TEXT_CLIP_ENDPOINT}`
    )
    assert.deepEqual(submit?.body, {
      prompt: '[Push in] A fox in the snow',
      duration: '6',
      prompt_optimizer: false,
    })
    const probed = await probe(path)
    assert.closeTo(probed.durationSeconds, 6, 0.1)
  })

  test("a clip from text alone brings its first frame as a JPEG, the scene's picture", async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator } = await startFal(cleanup)

    const clip = await generator().clip(await clipInput(dir, { still: null }))

    if (clip.kind !== 'video' || !clip.firstFrame) throw new Error('expected a first frame')
    const picture = await sharp(clip.firstFrame).metadata()
    const { width, height } = FAKE_HAILUO_VIDEO
    assert.deepEqual([picture.format, picture.width, picture.height], ['jpeg', width, height])
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

  test("the creator's picture goes to Hailuo's image-to-video as framed, not cropped again", async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator, submits } = await startFal(cleanup)
    const framed = await sharp({
      create: { width: 360, height: 640, channels: 3, background: { r: 30, g: 160, b: 60 } },
    })
      .jpeg()
      .toBuffer()

    const clip = await generator().clip(
      await clipInput(dir, { still: { own: true, read: async () => framed } })
    )

    assert.equal(clip.kind, 'video')
    const [submit] = submits()
    const imageUrl = String((submit.body as Record<string, unknown>).image_url)
    assert.equal(imageUrl, `data:image/jpeg;base64,${framed.toString('base64')}`)
  })

  test('each scene position asks for its own camera move; no prompt gives a generic one', async ({
    assert,
    cleanup,
  }) => {
    const { dir, generator, submits } = await startFal(cleanup)
    const clips = generator()

    for (const index of [0, 1, 2, 3, 4, 5, 6]) {
      await clips.clip(await clipInput(dir, { index }))
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

  test('crops the still it sends to a landscape frame too', async ({ assert, cleanup }) => {
    const { dir, generator, submits } = await startFal(cleanup)

    await generator().clip(await clipInput(dir, { width: 640, height: 360, index: 1 }))

    const imageUrl = String((submits()[0].body as { image_url: string }).image_url)
    const sent = await sharp(Buffer.from(imageUrl.split(',')[1], 'base64')).metadata()
    assert.deepEqual({ width: sent.width, height: sent.height }, { width: 640, height: 360 })
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
      assert.deepEqual(await readdir(dir), [])
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
