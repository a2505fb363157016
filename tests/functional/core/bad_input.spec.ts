import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import type User from '#auth/models/user'
import { createAccount } from '#tests/helpers/auth'
import { createProject, createTrack, projectBody } from '#tests/helpers/studio'
import { rawRequest } from '#tests/helpers/raw_request'
import { connect } from 'node:net'
import env from '#start/env'
import { CLIENT_ERROR_MESSAGES } from '#core/http/node_server'

/** Every route with a param, each method once: new routes are in this list by themselves. */
function paramRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.tokens.some((token) => token.type === 1))
    .flatMap((route) => route.methods.filter((m) => m !== 'HEAD').map((m) => [m, route] as const))
}

function withParam(pattern: string, value: string) {
  return pattern.replace(/:\w+/g, value)
}

async function snapshot(user: User) {
  await user.refresh()
  const projects = await Project.query().where('user_id', user.id).orderBy('id')
  const scenes = await Scene.query()
    .whereIn(
      'project_id',
      projects.map((project) => project.id)
    )
    .orderBy('id')
  return JSON.stringify([user.serialize(), projects, scenes])
}

test.group('Bad input answers 4xx', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ids past PostgreSQL integer, negative, float or not a number match no route: 404', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('ids@example.com')
    const routes = paramRoutes()
    assert.isAtLeast(routes.length, 14)

    for (const [method, route] of routes) {
      for (const id of ['2147483648', '99999999999999999999', '-1', '1.5', '0', '007', '1e3']) {
        const url = withParam(route.pattern, id)
        const response = await client[method.toLowerCase() as 'get']('' + url)
          .loginAs(user)
          .withCsrfToken()
        assert.equal(response.status(), 404, `${method} ${url}`)
      }
    }
  })

  test('the largest integer id is simply not found', async ({ client }) => {
    const user = await createAccount('largest@example.com')

    const api = await client.get('/api/projects/2147483647').loginAs(user)
    const page = await client.get('/storyboard/2147483647').loginAs(user).withInertia()

    api.assertStatus(404)
    api.assertBody({ message: 'Project not found' })
    page.assertStatus(404)
    page.assertInertiaComponent('core/not_found')
    page.assertInertiaPropsContains({ resource: 'project' })
  })

  test('ids in bodies are JSON integers in range: 1e20, true, "1", [1] are refused', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('bodies@example.com')
    const project = await createProject(user, 1)
    const before = await snapshot(user)

    for (const projectId of [
      1e20,
      1e308,
      2147483648,
      true,
      String(project.id),
      [project.id],
      1.5,
      -1,
      -0,
      0,
      null,
    ]) {
      const response = await client
        .post('/api/scenes')
        .json({ projectId, prompt: 'A fox in the snow' })
        .loginAs(user)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(projectId))
      assert.equal(response.body().message, 'Project not found', JSON.stringify(projectId))
    }
    for (const id of [1e20, 1e308, 2147483648, true, '1']) {
      const response = await client
        .post('/api/projects')
        .json(projectBody({ music: { id, mode: 'track' } }))
        .loginAs(user)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(id))
      assert.equal(response.body().message, 'Unknown music track.', JSON.stringify(id))
    }
    const scene = await Scene.findByOrFail('project_id', project.id)
    const duration = await client
      .patch(`/api/scenes/${scene.id}`)
      .json({ duration: '5' })
      .loginAs(user)
      .withCsrfToken()
    duration.assertStatus(422)
    duration.assertBodyContains({ message: 'Each scene is 5 seconds.' })

    assert.equal(await snapshot(user), before)
  })

  test('a number id still works', async ({ client }) => {
    const user = await createAccount('works@example.com')
    const project = await createProject(user, 1)
    const track = await createTrack()

    const scene = await client
      .post('/api/scenes')
      .json({ projectId: project.id, prompt: 'A fox in the snow', duration: 5, order: 2 })
      .loginAs(user)
      .withCsrfToken()
    const created = await client
      .post('/api/projects')
      .json(projectBody({ music: { id: track.id, mode: 'track' } }))
      .loginAs(user)
      .withCsrfToken()

    scene.assertStatus(201)
    created.assertStatus(201)
  })

  test('a NUL byte or broken Unicode in any text is refused with 422 and a message', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('nul@example.com')
    const project = await createProject(user, 1)
    const scene = await Scene.findByOrFail('project_id', project.id)
    const before = await snapshot(user)

    const cases: [string, string, Record<string, unknown>, string][] = [
      ['post', '/api/projects', projectBody({ script: 'A fox\u0000 runs' }), 'script'],
      ['post', '/api/projects', projectBody({ script: 'Half \ud800 a pair' }), 'script'],
      [
        'post',
        '/api/projects',
        projectBody({ voice: { id: 'en-us', provider: 'espeak', ['x\u0000']: 1 } }),
        'voice',
      ],
      ['post', '/api/scenes', { projectId: project.id, prompt: 'Snow\u0000' }, 'prompt'],
      ['patch', `/api/scenes/${scene.id}`, { prompt: '\u0000' }, 'prompt'],
      ['post', '/api/generate-script', { prompt: 'a\u0000', targetLength: 30 }, 'prompt'],
      [
        'put',
        '/onboarding/profile',
        { username: 'Max\u0000', language: 'english', defaultStyle: 'noir' },
        'username',
      ],
      [
        'put',
        '/onboarding/profile',
        { niche: 'cats\u0000', language: 'english', defaultStyle: 'noir' },
        'niche',
      ],
    ]
    for (const [method, url, body, field] of cases) {
      const response = await client[method as 'post'](url)
        .json(body)
        .accept('json')
        .loginAs(user)
        .withCsrfToken()
      assert.equal(response.status(), 422, `${method} ${url}`)
      const errors = response.body().errors as { field: string; message: string }[]
      assert.deepInclude(
        errors,
        {
          field,
          rule: 'storableText',
          message: `The ${field} field contains a character that cannot be saved (NUL or broken Unicode). Please remove it.`,
        },
        `${method} ${url}`
      )
    }
    const inertiaForm = await client
      .put('/onboarding/profile')
      .form({ username: 'Max\u0000', language: 'english', defaultStyle: 'noir' })
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)

    inertiaForm.assertStatus(303)
    inertiaForm.assertFlashMessage('inputErrorsBag', {
      username: [
        'The username field contains a character that cannot be saved (NUL or broken Unicode). Please remove it.',
      ],
    })
    assert.equal(await snapshot(user), before)
  })

  test('invalid JSON answers 400 "The request body is not valid JSON", to every client', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('json@example.com')

    const api = await client
      .post('/api/projects')
      .unsafeJson('{"script": "A fox", ')
      .loginAs(user)
      .withCsrfToken()
    const signedOut = await client.post('/api/auth/magic-link').unsafeJson('{nope')
    const page = await client
      .put('/onboarding/profile')
      .unsafeJson('{"username": }')
      .header('accept', 'text/html')
      .loginAs(user)
      .withCsrfToken()
    const inertia = await client
      .put('/onboarding/profile')
      .unsafeJson('{"username": }')
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
    const scalar = await client.post('/api/scenes').unsafeJson('42').loginAs(user).withCsrfToken()
    const deep = await client
      .post('/api/scenes')
      .unsafeJson('['.repeat(40_000) + ']'.repeat(40_000))
      .loginAs(user)
      .withCsrfToken()

    api.assertStatus(400)
    api.assertBody({ message: 'The request body is not valid JSON' })
    signedOut.assertStatus(400)
    signedOut.assertBody({ message: 'The request body is not valid JSON' })
    page.assertStatus(400)
    assert.equal(page.text(), 'The request body is not valid JSON')
    inertia.assertStatus(400)
    assert.equal(inertia.text(), 'The request body is not valid JSON')
    deep.assertStatus(400)
    deep.assertBody({ message: 'The request body is not valid JSON' })
    scalar.assertStatus(400)
    scalar.assertBody({ message: 'The request body must be a JSON object.' })
  })

  test('a request past the body limit answers 413 with a message', async ({ client }) => {
    const user = await createAccount('large@example.com')

    const response = await client
      .post('/api/projects')
      .json(projectBody({ script: 'word '.repeat(250_000) }))
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(413)
    response.assertBody({ message: 'The request is too large.' })
  })

  test('an address and headers past 16 KB, or HTTP that is no HTTP: 431 or 400 with a message', async ({
    assert,
  }) => {
    const long = 'A'.repeat(10_001)

    const tooLarge = await rawRequest('PATCH', `/api/series/1?name=${long}&topics=${long}`, {
      accept: 'application/json',
    })
    const garbled = await new Promise<string>((resolve, reject) => {
      const socket = connect(env.get('PORT'), env.get('HOST'), () => {
        socket.end('GET /health HTTP/1.1\r\nHost: localhost\r\nBroken header line\r\n\r\n')
      })
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      socket.on('error', reject)
    })

    assert.equal(tooLarge.status, 431)
    assert.deepEqual(JSON.parse(tooLarge.body), { message: CLIENT_ERROR_MESSAGES.headersTooLarge })
    assert.match(garbled, /^HTTP\/1\.1 400 Bad Request\r\n/)
    assert.equal(
      JSON.parse(garbled.slice(garbled.indexOf('\r\n\r\n') + 4)).message,
      CLIENT_ERROR_MESSAGES.unreadable
    )
  })

  test('a live-progress subscription names a channel as text; an id past integer is refused', async ({
    client,
  }) => {
    const user = await createAccount('channels@example.com')

    const missing = await client
      .post('/__transmit/subscribe')
      .form({ uid: 'tab' })
      .loginAs(user)
      .withCsrfToken()
    const numeric = await client
      .post('/__transmit/subscribe')
      .json({ uid: 'tab', channel: 42 })
      .loginAs(user)
      .withCsrfToken()
    const huge = await client
      .post('/__transmit/subscribe')
      .json({ uid: 'tab', channel: 'projects/2147483648' })
      .loginAs(user)
      .withCsrfToken()

    missing.assertStatus(422)
    numeric.assertStatus(422)
    huge.assertStatus(404)
  })

  test('the live-progress stream needs its uid: 422 with a message, never 500', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('stream@example.com')

    // Longer URLs than Node's 16 kB header limit never reach the app.
    for (const query of ['', '?uid=', '?uid=a&uid=b', `?uid=${'A'.repeat(8000)}`]) {
      const response = await client
        .get(`/__transmit/events${query}`)
        .loginAs(user)
        .header('accept', 'text/event-stream')
      assert.equal(response.status(), 422, `query: ${query.slice(0, 20)}`)
      assert.match((response.body() as { message: string }).message, /uid/)
    }

    const missing = await client.get('/__transmit/events').loginAs(user)
    missing.assertStatus(422)
    missing.assertBodyContains({ message: 'The uid field must be defined' })
  })

  test('subscribe and unsubscribe refuse missing, listed or huge fields with 4xx, never 5xx', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('hostile.channels@example.com')
    const huge = 'A'.repeat(1024 * 1024)
    const bodies: Record<string, unknown>[] = [
      {},
      { channel: 'projects/1' },
      { uid: 'tab' },
      { uid: ['tab'], channel: 'projects/1' },
      { uid: 'tab', channel: ['projects/1'] },
      { uid: { tab: 1 }, channel: { projects: 1 } },
      { uid: '', channel: '' },
      { uid: huge, channel: 'projects/1' },
      { uid: 'tab', channel: huge },
      { uid: null, channel: null },
    ]

    for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
      for (const body of bodies) {
        const response = await client.post(path).json(body).loginAs(user).withCsrfToken()
        const sent = JSON.stringify(body).slice(0, 60)
        assert.isAtLeast(response.status(), 400, `${path} ${sent}`)
        assert.isBelow(response.status(), 500, `${path} ${sent}`)
      }
    }
  })

  test('a path with broken percent-encoding answers 400 with a message', async ({ assert }) => {
    const api = await rawRequest('GET', '/api/projects/%')
    const page = await rawRequest('GET', '/storyboard/%C0%AF', { accept: 'text/html' })

    assert.equal(api.status, 400)
    assert.deepEqual(JSON.parse(api.body), { message: 'The address is not valid.' })
    assert.equal(page.status, 400)
    assert.equal(page.body, 'The address is not valid.')
  })

  test('/uploads with .. or odd characters in the key is not found, not a 500', async ({
    assert,
  }) => {
    for (const path of [
      '/uploads/%2e%2e/%2e%2e/.env',
      '/uploads/..%2f..%2f.env',
      '/uploads/a%00b.jpg',
      '/uploads/%2e%2e',
    ]) {
      const html = await rawRequest('GET', path, { accept: 'text/html' })
      assert.equal(html.status, 404, path)
      const pageJson = html.body.match(/<script data-page="app"[^>]*>(.*?)<\/script>/s)?.[1]
      assert.equal(JSON.parse(pageJson ?? '{}').component, 'core/not_found', path)
    }
  })
})
