import { test } from '@japa/runner'
import type { ScriptRequest } from '#media/providers/contracts'
import { FalScriptWriter } from '#media/providers/fal/fal_script_writer'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import { writeTopicsOffline } from '#media/providers/local/local_topic_writer'
import { FAKE_FAL_KEY, FAKE_POST, FAKE_SCRIPT, startFakeFal } from '#tests/helpers/fakes/fake_fal'
import { failure } from '#tests/helpers/provider_errors'

const request: ScriptRequest = {
  description: 'A lighthouse keeper on his last night before the light is automated',
  style: 'studio-ghibli',
  mood: 'chill',
  targetSeconds: 30,
  language: 'spanish',
}

async function startFal(cleanup: (handler: () => Promise<void>) => void) {
  const fal = await startFakeFal()
  cleanup(() => fal.close())
  const writer = (model?: string) =>
    new FalScriptWriter({ apiKey: FAKE_FAL_KEY, baseUrl: fal.baseUrl, pollIntervalMs: 20, model })
  return { fal, writer }
}

test.group('FalScriptWriter', () => {
  test('parses the fenced JSON answer into script and voice-over', async ({ assert, cleanup }) => {
    const { writer } = await startFal(cleanup)

    assert.deepEqual(await writer().write(request), FAKE_SCRIPT)
  })

  test('asks openrouter/router for strict JSON of the right length, language and style', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)

    await writer().write(request)

    const [submit] = fal.requests
    assert.equal(submit.method, 'POST')
    assert.equal(submit.path, '/openrouter/router')
    assert.equal(submit.headers.authorization, `Key ${FAKE_FAL_KEY}`)
    const input = submit.body as { model: string; prompt: string; system_prompt: string }
    assert.equal(input.model, 'google/gemini-2.5-flash')
    assert.include(input.system_prompt, '{"script": "..."}')
    assert.include(input.prompt, request.description)
    assert.include(input.prompt, 'Studio Ghibli')
    assert.include(input.prompt, 'Mood: chill')
    assert.include(input.prompt, 'Language: Spanish')
    assert.include(input.prompt, 'at most 75 words')
    assert.match(fal.requests.at(-1)!.path, /^\/openrouter\/router\/requests\/[\w-]+$/)
  })

  test('uses the configured model', async ({ assert, cleanup }) => {
    const { fal, writer } = await startFal(cleanup)

    await writer('anthropic/claude-sonnet-4.5').write(request)

    assert.equal((fal.requests[0].body as { model: string }).model, 'anthropic/claude-sonnet-4.5')
  })

  test('finds the JSON inside prose', async ({ assert, cleanup }) => {
    const { fal, writer } = await startFal(cleanup)
    fal.setBehaviour('openrouter/router', {
      output: { output: `Here is your script:\n${JSON.stringify(FAKE_SCRIPT)}\nEnjoy!` },
    })

    assert.deepEqual(await writer().write(request), FAKE_SCRIPT)
  })

  test('{label} is failed')
    .with([
      { label: 'prose without JSON', output: { output: 'Sorry, I cannot write that script.' } },
      { label: 'JSON without a script', output: { output: '{"voiceOver": "Waves."}' } },
      { label: 'an empty script', output: { output: '{"script": " "}' } },
      { label: 'an LLM error', output: { output: '', error: 'Upstream model overloaded' } },
    ])
    .run(async ({ assert, cleanup }, row) => {
      const { fal, writer } = await startFal(cleanup)
      fal.setBehaviour('openrouter/router', { output: row.output })

      const error = await failure(writer().write(request))

      assert.equal(error.kind, 'failed')
    })

  test('an exhausted fal balance is balance_exhausted', async ({ assert, cleanup }) => {
    const { fal, writer } = await startFal(cleanup)
    fal.setBehaviour('openrouter/router', 'balance_exhausted')

    const error = await failure(writer().write(request))

    assert.equal(error.kind, 'balance_exhausted')
    assert.include(error.message, 'Exhausted balance')
  })
})

test.group('FalScriptWriter: a video’s post', () => {
  const script =
    'A lighthouse keeper climbs the spiral stairs at dawn. Waves crash below. ' +
    'Tonight the light runs itself, and the keeper says goodbye to the sea.'
  const asked = { script, language: 'english' } as const
  const offline = writePostOffline(script, 'english')

  test('asks the LLM for the post as JSON, in the video’s language, from its script', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)

    const post = await writer().post({ script: 'El farero sube al amanecer.', language: 'spanish' })

    assert.deepEqual(post, FAKE_POST)
    const input = fal.requests[0].body as { prompt: string; system_prompt: string }
    assert.equal(fal.requests[0].path, '/openrouter/router')
    assert.include(input.system_prompt, '{"title": "...", "description": "...", "hashtags"')
    assert.include(input.prompt, 'Language: Spanish (es)')
    assert.include(input.prompt, 'Video script: El farero sube al amanecer.')
  })

  test('an answer it cannot use at all is written offline: {label}')
    .with([
      { label: 'prose', behaviour: { output: { output: 'Here is a great title for you!' } } },
      { label: 'a list', behaviour: { output: { output: '["#sea", "#light", "#dawn"]' } } },
      {
        label: 'an LLM error',
        behaviour: { output: { output: '', error: 'Upstream overloaded' } },
      },
      { label: 'an exhausted balance', behaviour: 'balance_exhausted' as const },
      { label: 'fal down', behaviour: 'server_error' as const },
    ])
    .run(async ({ assert, cleanup }, row) => {
      const { fal, writer } = await startFal(cleanup)
      fal.setBehaviour('openrouter/router', row.behaviour)

      assert.deepEqual(await writer().post(asked), offline)
    })

  test('each field the LLM got wrong is written offline, the others kept', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)
    const answer = {
      title: 'T'.repeat(101),
      description: '  Goodbye to the sea, from the top of the stairs.  ',
      hashtags: ['#sea', 'dawn', '#sea', '#two words', '#🔥', '#light-house', 42],
    }
    fal.setBehaviour('openrouter/router', { output: { output: JSON.stringify(answer) } })

    const post = await writer().post(asked)

    assert.deepEqual(post, {
      title: offline.title,
      description: 'Goodbye to the sea, from the top of the stairs.',
      hashtags: offline.hashtags,
    })
  })

  test('hashtags are repaired where they can be: a missing # added, duplicates and extras dropped', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)
    const answer = {
      title: '  The keeper’s   last night ',
      description: 'Goodbye to the sea.',
      hashtags: ['sea', '#Sea', '#dawn', ' #light ', '#a', '#b', '#c', '#d', '#e', '#f', '#g'],
    }
    fal.setBehaviour('openrouter/router', { output: { output: JSON.stringify(answer) } })

    const post = await writer().post(asked)

    assert.deepEqual(post, {
      title: 'The keeper’s last night',
      description: 'Goodbye to the sea.',
      hashtags: ['#sea', '#dawn', '#light', '#a', '#b', '#c', '#d', '#e'],
    })
  })

  test('a cancelled render stops waiting for the LLM and writes the post offline', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)
    fal.setBehaviour('openrouter/router', 'never_completes')
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('The render was stopped')), 100)

    const started = Date.now()
    const post = await writer().post({ ...asked, signal: controller.signal })

    assert.deepEqual(post, offline)
    assert.isBelow(Date.now() - started, 5000)
  })
})

test.group('FalScriptWriter: a series’ topics', () => {
  const asked = { about: 'home coffee brewing', count: 4, language: 'spanish' } as const
  const offline = writeTopicsOffline(asked.about, asked.count)
  const answer = (output: unknown) => ({
    output: { output: typeof output === 'string' ? output : JSON.stringify(output) },
  })

  test('asks the LLM for the topics as JSON, in the language, and keeps them', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)
    const topics = ['Café en casa: 5 errores', 'La prensa francesa', 'El molinillo', 'Agua y café']
    fal.setBehaviour('openrouter/router', answer({ topics }))

    const written = await writer().topics(asked)

    assert.deepEqual(written, { topics, language: 'spanish' })
    const input = fal.requests[0].body as { prompt: string; system_prompt: string }
    assert.include(input.system_prompt, '{"topics": ["...", "..."]}')
    assert.include(input.prompt, 'Subject: home coffee brewing')
    assert.include(input.prompt, 'Number of topics: 4')
    assert.include(input.prompt, 'Language: Spanish (es)')
  })

  test('more topics than asked: the first ones', async ({ assert, cleanup }) => {
    const { fal, writer } = await startFal(cleanup)
    const topics = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis']
    fal.setBehaviour('openrouter/router', answer({ topics }))

    const written = await writer().topics(asked)

    assert.deepEqual(written.topics, topics.slice(0, 4))
  })

  test('numbering, quotes, duplicates, formulas, control characters and long ones are dropped; too few topped up offline', async ({
    assert,
    cleanup,
  }) => {
    const { fal, writer } = await startFal(cleanup)
    fal.setBehaviour(
      'openrouter/router',
      answer(
        'Sure! ```json\n' +
          JSON.stringify([
            '1. "Pour-over basics"',
            'pour-over   BASICS',
            '=HYPERLINK("x")',
            `${'Long '.repeat(50)}topic`,
            'Bad\u0000byte',
            42,
            '- Cold brew at home',
          ]) +
          '\n```'
      )
    )

    const written = await writer().topics(asked)

    assert.deepEqual(written.topics, [
      'Pour-over basics',
      'Cold brew at home',
      ...offline.slice(0, 2),
    ])
    assert.equal(written.language, 'spanish')
  })

  test('an answer it cannot use is written offline, in English: {label}')
    .with([
      { label: 'prose', behaviour: answer('Here are some great ideas for you!') },
      { label: 'an empty list', behaviour: answer({ topics: [] }) },
      { label: 'topics that are not text', behaviour: answer({ topics: [1, null, {}] }) },
      { label: 'an LLM error', behaviour: { output: { output: '', error: 'Overloaded' } } },
      { label: 'an exhausted balance', behaviour: 'balance_exhausted' as const },
      { label: 'fal down', behaviour: 'server_error' as const },
    ])
    .run(async ({ assert, cleanup }, row) => {
      const { fal, writer } = await startFal(cleanup)
      fal.setBehaviour('openrouter/router', row.behaviour)

      assert.deepEqual(await writer().topics(asked), { topics: offline, language: 'english' })
    })
})
