import { test } from '@japa/runner'
import type { ScriptRequest } from '#media/providers/contracts'
import { FalScriptWriter } from '#media/providers/fal/fal_script_writer'
import { FAKE_FAL_KEY, FAKE_SCRIPT, startFakeFal } from '#tests/helpers/fakes/fake_fal'
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
