import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import sharp from 'sharp'
import { MediaStorage } from '#media/services/media_storage'
import { captionOptions } from '#media/render/caption_styles'
import Project from '#studio/models/project'
import { captionKeysOf, runVideoKeys } from '#studio/render/run_ids'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { cueTimes } from '#tests/helpers/narration'
import {
  createProject,
  generateAll,
  projectBody,
  startRenderWorker,
  waitForStatus,
} from '#tests/helpers/studio'

test.group('Studio: captions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /api/projects keeps the chosen captions, the style filling what is left out', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('captions@example.com')

    const response = await client
      .post('/api/projects')
      .json(
        projectBody({
          captions: { style: 'karaoke', font: 'bebas-neue', highlight_color: '#00ff88' },
        })
      )
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(201)
    const project = await Project.findOrFail(response.body().id)
    assert.deepEqual(project.captions, {
      style: 'karaoke',
      position: 'bottom',
      font: 'bebas-neue',
      textColor: '#FFFFFF',
      highlightColor: '#00FF88',
      size: 'M',
      uppercase: false,
    })
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    shown.assertBodyContains({
      captions: { style: 'karaoke', font: 'bebas-neue', highlight_color: '#00FF88' },
    })
  })

  test("left out, a project's captions are the creator's last choice; a new creator's the phrase", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('habit@example.com')
    const create = (body: Record<string, unknown>) =>
      client.post('/api/projects').json(projectBody(body)).loginAs(user).withCsrfToken()

    const first = await create({})
    await create({ captions: { style: 'hook', position: 'top' } })
    const third = await create({})

    const firstProject = await Project.findOrFail(first.body().id)
    const thirdProject = await Project.findOrFail(third.body().id)
    assert.equal(firstProject.captions.style, 'phrase')
    assert.include(thirdProject.captions, { style: 'hook', position: 'top', uppercase: true })
  })

  test('unknown styles, fonts and malformed colours get a 422 a person understands', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('typo@example.com')
    const cases: [unknown, string][] = [
      [{ style: 'sparkle' }, 'Unknown caption style. Choose one of: phrase, karaoke, word'],
      [{ style: 'karaoke', font: 'comic-sans' }, 'Unknown caption font. Choose one of:'],
      [{ style: 'karaoke', text_color: 'red' }, 'Caption colours are written #RRGGBB'],
      [{ style: 'karaoke', highlight_color: '#12345' }, 'Caption colours are written #RRGGBB'],
      [{ style: 'karaoke', size: 'XL' }, 'Unknown caption size. Choose S, M or L.'],
      [{ style: 'karaoke', position: 'left' }, 'Unknown caption position.'],
      [{ font: 'anton' }, 'Please choose a caption style.'],
    ]

    for (const [captions, message] of cases) {
      const response = await client
        .post('/api/projects')
        .json(projectBody({ captions }))
        .loginAs(user)
        .withCsrfToken()
      response.assertStatus(422)
      assert.include(response.body().message, message)
    }
    assert.lengthOf(await Project.all(), 0)
  })

  test('PATCH /api/projects/:id/captions changes the look of the next render and the default', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('restyle@example.com')
    const project = await createProject(user)

    const response = await client
      .patch(`/api/projects/${project.id}/captions`)
      .json({ captions: { style: 'boxed', size: 'L', highlight_color: '#ff3366' } })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBodyContains({
      id: project.id,
      captions: { style: 'boxed', size: 'L', highlight_color: '#FF3366' },
    })
    await project.refresh()
    assert.include(project.captions, { style: 'boxed', size: 'L', highlightColor: '#FF3366' })

    // The newest choice, made on an older project's storyboard, is the default for the next one.
    const next = await client
      .post('/api/projects')
      .json(projectBody())
      .loginAs(user)
      .withCsrfToken()
    const made = await Project.findOrFail(next.body().id)
    assert.include(made.captions, { style: 'boxed', size: 'L', highlightColor: '#FF3366' })
  })

  test('the storyboard offers the caption choices and saves one with a toast', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('storyboard-captions@example.com')
    const project = await createProject(user)

    const page = await client.get(`/storyboard/${project.id}`).loginAs(user).withInertia()
    page.assertInertiaComponent('studio/storyboard')
    const props = page.inertiaProps as {
      project: { captions: { style: string } }
      captionChoices: { styles: { id: string }[] }
    }
    assert.equal(props.project.captions.style, 'phrase')
    assert.includeMembers(
      props.captionChoices.styles.map((style) => style.id),
      ['karaoke', 'word', 'none']
    )

    const saved = await client
      .patch(`/storyboard/${project.id}/captions`)
      .json({ captions: { style: 'karaoke', font: 'anton' } })
      .header('referer', `/storyboard/${project.id}`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    saved.assertStatus(303)
    saved.assertHeader('location', `/storyboard/${project.id}`)
    assert.deepEqual(saved.flashMessages(), { success: 'Captions updated' })
    await project.refresh()
    assert.include(project.captions, { style: 'karaoke', font: 'anton' })
  })

  test('captions stay as the render started while it runs; bad choices and others’ projects are refused', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('busy-captions@example.com')
    const stranger = await createAccount('stranger-captions@example.com')
    const project = await createProject(user)
    await project.merge({ status: 'processing' }).save()
    const patch = (id: number, captions: unknown, as = user) =>
      client.patch(`/api/projects/${id}/captions`).json({ captions }).loginAs(as).withCsrfToken()

    const busy = await patch(project.id, { style: 'karaoke' })
    busy.assertStatus(409)
    assert.equal(busy.body().message, 'This project is being generated; wait or cancel first.')

    await project.merge({ status: 'draft' }).save()
    const typo = await patch(project.id, { style: 'sparkle' })
    typo.assertStatus(422)
    assert.include(typo.body().message, 'Unknown caption style.')
    const missing = await client
      .patch(`/api/projects/${project.id}/captions`)
      .json({})
      .loginAs(user)
      .withCsrfToken()
    missing.assertStatus(422)
    assert.include(missing.body().message, 'Please choose a caption style.')

    const foreign = await patch(project.id, { style: 'karaoke' }, stranger)
    foreign.assertStatus(404)
    await project.refresh()
    assert.equal(project.captions.style, 'phrase')
  })

  test('GET /api/caption-styles describes every style and font', async ({ client, assert }) => {
    const user = await createAccount('agent@example.com')

    const response = await client.get('/api/caption-styles').loginAs(user)

    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(
      body.styles.map((style: { id: string }) => style.id),
      ['phrase', 'karaoke', 'word', 'boxed', 'hook', 'minimal', 'none']
    )
    assert.isAtLeast(body.fonts.length, 5)
    assert.deepEqual(body.positions, ['top', 'middle', 'bottom'])
    assert.include(body.styles[1].defaults, { style: 'karaoke', font: 'montserrat' })
  })

  test('the preview is a PNG of the chosen shape, different per style; bad choices are a 422', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('preview@example.com')
    const preview = (query: Record<string, string>) =>
      client.get('/captions/preview').qs(query).loginAs(user)

    const karaoke = await preview({ style: 'karaoke', aspect_ratio: '9:16', text: 'Hello there' })
    const word = await preview({ style: 'word', aspect_ratio: '9:16', text: 'Hello there' })
    const wide = await preview({ style: 'karaoke', aspect_ratio: '16:9', text: 'Hello there' })
    const wrong = await client
      .get('/captions/preview')
      .qs({ style: 'sparkle', aspect_ratio: '9:16' })
      .loginAs(user)
      .accept('json')
    const signedOut = await client.get('/captions/preview').qs({ style: 'karaoke' }).redirects(0)

    karaoke.assertStatus(200)
    karaoke.assertHeader('content-type', 'image/png')
    const portrait = await sharp(karaoke.body()).metadata()
    const landscape = await sharp(wide.body()).metadata()
    assert.deepEqual([portrait.width, portrait.height], [270, 480])
    assert.deepEqual([landscape.width, landscape.height], [480, 270])
    assert.notDeepEqual(Buffer.from(karaoke.body()), Buffer.from(word.body()))
    wrong.assertStatus(422)
    signedOut.assertStatus(302)
  })

  test("a finished video's SRT and WebVTT are served to its owner only", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('files@example.com')
    const stranger = await createAccount('nosy@example.com')
    const project = await createProject(owner, 1)
    const { videoKey } = runVideoKeys(project.id, 1)
    const { srtKey, vttKey } = captionKeysOf(videoKey)
    const storage = new MediaStorage()
    await storage.put(
      srtKey,
      Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHello\n'),
      'text/plain'
    )
    await storage.put(vttKey, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'), 'text/vtt')

    const before = await client.get(`/api/videos/${project.id}/captions/srt`).loginAs(owner)
    await project.merge({ outputVideoKey: videoKey }).save()
    const srt = await client.get(`/api/videos/${project.id}/captions/srt`).loginAs(owner)
    const vtt = await client.get(`/api/videos/${project.id}/captions/vtt`).loginAs(owner)
    const theirs = await client.get(`/api/videos/${project.id}/captions/srt`).loginAs(stranger)
    const odd = await client.get(`/api/videos/${project.id}/captions/ass`).loginAs(owner)
    const video = await client.get(`/api/videos/${project.id}`).loginAs(owner)

    before.assertStatus(404)
    srt.assertStatus(200)
    assert.equal(srt.text(), '1\n00:00:00,000 --> 00:00:01,000\nHello\n')
    assert.match(srt.header('content-disposition') ?? '', /attachment; filename="video-\d+\.srt"/)
    vtt.assertStatus(200)
    assert.match(vtt.header('content-type') ?? '', /^text\/vtt/)
    theirs.assertStatus(404)
    odd.assertStatus(404)
    video.assertBodyContains({
      captionsUrls: {
        srt: `/api/videos/${project.id}/captions/srt`,
        vtt: `/api/videos/${project.id}/captions/vtt`,
      },
    })
  })

  test('a video finished before caption files existed offers none, and its URLs say why', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('older-video@example.com')
    const project = await createProject(owner, 1)
    const { videoKey } = runVideoKeys(project.id, 1)
    await new MediaStorage().put(videoKey, Buffer.from('an older mp4'), 'video/mp4')
    await project.merge({ status: 'done', progressPercent: 100, outputVideoKey: videoKey }).save()

    const video = await client.get(`/api/videos/${project.id}`).loginAs(owner)
    const player = await client.get(`/player/${project.id}`).loginAs(owner).withInertia()
    const srt = await client.get(`/api/videos/${project.id}/captions/srt`).loginAs(owner)

    video.assertStatus(200)
    assert.isNull(video.body().captionsUrls)
    assert.isNull((player.inertiaProps as { video: { captionsUrls: null } }).video.captionsUrls)
    srt.assertStatus(404)
    assert.equal(
      srt.body().message,
      'This video was finished before caption files were made. Generate it again to get SRT and WebVTT captions.'
    )
  })

  test('a karaoke render stores SRT and WebVTT cues of the spoken words, in order and in time', async ({
    client,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('karaoke@example.com')
    await grantCredits(user, 5)
    const project = await createProject(user, 2)
    await Project.query()
      .where('id', project.id)
      .update({ captions: JSON.stringify(captionOptions({ style: 'karaoke' })) })
    const scenes = await project.related('scenes').query().orderBy('order')

    await generateAll(client, user, project.id)
    const done = await waitForStatus(project.id, ['done', 'failed'], 120_000)

    assert.equal(done.status, 'done', done.error ?? '')
    const srt = await client.get(`/api/videos/${project.id}/captions/srt`).loginAs(user)
    const vtt = await client.get(`/api/videos/${project.id}/captions/vtt`).loginAs(user)
    const cues = srt
      .text()
      .trim()
      .split('\n\n')
      .map((block) => block.split('\n'))
    const spoken = cues.flatMap(([, , ...lines]) => lines.join(' ').split(' '))
    const script = scenes.flatMap((scene) => scene.prompt.split(/\s+/))
    assert.deepEqual(spoken, script)
    let last = 0
    for (const [index, time] of cues.map(([, times]) => times).entries()) {
      const [start, end] = cueTimes(time)
      assert.isAtLeast(start, last, `cue ${index + 1}`)
      assert.isAbove(end, start)
      assert.isAtMost(end, 10_000)
      last = end
    }
    assert.isTrue(vtt.text().startsWith('WEBVTT\n'))
    assert.equal(vtt.text().split(' --> ').length - 1, cues.length)
  }).timeout(150_000)
})
