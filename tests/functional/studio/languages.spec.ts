import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { LANGUAGES } from '#core/vocabulary'
import { LANGUAGE_REFUSAL, languageNamed } from '#shared/languages'
import { scriptCredits } from '#shared/script_plan'
import Project from '#studio/models/project'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, dataOf, textOf } from '#tests/helpers/mcp'
import { cancelVideo, generateAll, obliterateQueues, projectBody } from '#tests/helpers/studio'

/** A script of a dozen sentences in each language, as a creator would type it. */
const SCRIPTS = {
  japanese: {
    voice: 'ja+f3',
    script:
      '朝の港は静かです。漁師たちが船を出します。カモメが空を舞っています。' +
      '市場には新鮮な魚が並びます。人々は笑顔で買い物をします。夕方には町が赤く染まります。' +
      '灯台に明かりがともります。船がゆっくりと帰ってきます。',
  },
  arabic: {
    voice: 'ar',
    script:
      'في الصباح يكون الميناء هادئا. يخرج الصيادون بقواربهم إلى البحر. تطير النوارس فوق الماء. ' +
      'في السوق يبيع الناس السمك الطازج. يضحك الأطفال ويلعبون قرب الشاطئ. ' +
      'في المساء تتحول السماء إلى اللون الأحمر. يضيء المنارة طريق السفن العائدة.',
  },
  hindi: {
    voice: 'hi+f3',
    script:
      'सुबह बंदरगाह बहुत शांत होता है। मछुआरे अपनी नावें लेकर समुद्र में जाते हैं। ' +
      'बाज़ार में ताज़ी मछली बिकती है। बच्चे किनारे पर खेलते हैं। ' +
      'शाम को आसमान लाल हो जाता है। प्रकाश स्तंभ लौटती नावों को रास्ता दिखाता है।',
  },
} as const

test.group('Studio: narration languages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => obliterateQueues())

  for (const [language, { voice, script }] of Object.entries(SCRIPTS)) {
    test(`${language}: a project charges exactly the estimate /setup showed`, async ({
      client,
      assert,
    }) => {
      const user = await createAccount(`${language}.maker@example.com`)
      await grantCredits(user, 200)
      const estimate = scriptCredits(script, languageNamed(language))

      const created = await client
        .post('/api/projects')
        .json(projectBody({ script, voice: { id: voice, provider: 'espeak', language } }))
        .loginAs(user)
        .withCsrfToken()
      created.assertStatus(201)
      const shown = await client.get(`/api/projects/${created.body().id}`).loginAs(user)
      const before = await client.get('/api/user').loginAs(user)
      const charged = await generateAll(client, user, created.body().id)
      const after = await client.get('/api/user').loginAs(user)
      await cancelVideo(client, user, created.body().id)

      charged.assertStatus(202)
      assert.isAbove(estimate, 5)
      assert.equal(shown.body().creditsNeeded, estimate)
      assert.equal(before.body().credits - after.body().credits, estimate)
      const project = await Project.query()
        .where('id', created.body().id)
        .preload('scenes')
        .firstOrFail()
      assert.equal(project.voice.language, language)
      assert.equal(
        project.scenes
          .map((scene) => scene.prompt)
          .join(' ')
          .replace(/\s+/g, ''),
        script.replace(/\s+/g, '')
      )
    })
  }

  test('an unsupported language is a 422 naming the supported ones, wherever a language is taken', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('klingon@example.com')

    const project = await client
      .post('/api/projects')
      .json(projectBody({ voice: { id: 'en-us', provider: 'espeak', language: 'klingon' } }))
      .loginAs(user)
      .withCsrfToken()
    const script = await client
      .post('/api/generate-script')
      .json({ prompt: 'a harbour at dawn', targetLength: 15, language: 'klingon' })
      .loginAs(user)
      .withCsrfToken()
    const voices = await client.get('/api/voice-providers?language=klingon').loginAs(user)

    for (const answer of [project, script, voices]) {
      answer.assertStatus(422)
      assert.include(JSON.stringify(answer.body()), LANGUAGE_REFUSAL)
    }
    assert.include(LANGUAGE_REFUSAL, 'japanese')
    assert.lengthOf(await Project.query().where('user_id', user.id), 0)
  })

  test('GET /api/languages lists every language with the pace it is charged at', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('languages@example.com')

    const response = await client.get('/api/languages').loginAs(user)

    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((language: { name: string }) => language.name),
      [...LANGUAGES]
    )
    const japanese = response
      .body()
      .find((language: { name: string }) => language.name === 'japanese')
    assert.include(japanese, { locale: 'ja', unit: 'character', perSecond: 5, direction: 'ltr' })
    assert.isString(japanese.offlineReading)
    const arabic = response.body().find((language: { name: string }) => language.name === 'arabic')
    assert.include(arabic, { direction: 'rtl', unit: 'word', writingSystem: 'arabic' })
  })

  test('GET /api/voice-providers?language= lists only the voices that speak it', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('voices@example.com')

    const korean = await client.get('/api/voice-providers?language=korean').loginAs(user)
    const all = await client.get('/api/voice-providers').loginAs(user)

    korean.assertStatus(200)
    assert.deepEqual(korean.body()[0].voices, [
      { id: 'ko', name: 'Minjun (Korean)', language: 'korean' },
    ])
    assert.isAtLeast(all.body()[0].voices.length, LANGUAGES.length)
  })

  test("/setup lists every language, the profile's chosen, with its pace, its voices and what the offline writer and voice cannot do", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('setup.japanese@example.com')
    await user.merge({ language: 'japanese' }).save()
    const api = await client.get('/api/languages').loginAs(user)

    const page = await client.get('/setup').withInertia().loginAs(user)

    page.assertInertiaComponent('studio/setup')
    const props = page.inertiaProps
    assert.equal(props.defaults.language, 'japanese')
    assert.deepEqual(
      props.languages.map((language: { name: string }) => language.name),
      [...LANGUAGES]
    )
    const named = (name: string) =>
      props.languages.find((language: { name: string }) => language.name === name)
    const japanese = named('japanese')
    assert.include(japanese, { name: 'japanese', unit: 'character', perSecond: 5 })
    assert.match(japanese.offlineReading, /kanji/)
    assert.equal(
      japanese.aiScriptNote,
      'Offline AI scripts come in English: type your own in Japanese.'
    )
    assert.isNull(named('english').aiScriptNote)
    for (const language of api.body()) {
      assert.include(named(language.name), {
        displayName: language.displayName,
        unit: language.unit,
        perSecond: language.perSecond,
        direction: language.direction,
      })
    }
    assert.deepEqual(
      props.voiceProviders[0].voices.map((voice: { id: string }) => voice.id),
      ['ja+f3']
    )
  })

  test('an English /setup offers English voices and no caveat', async ({ client, assert }) => {
    const user = await createAccount('setup.english@example.com')

    const page = await client.get('/setup').withInertia().loginAs(user)

    const english = page.inertiaProps.languages.find(
      (language: { name: string }) => language.name === page.inertiaProps.defaults.language
    )
    assert.include(english, { name: 'english', aiScriptNote: null, offlineReading: null })
    assert.sameMembers(
      page.inertiaProps.voiceProviders[0].voices.map((voice: { id: string }) => voice.id),
      ['en-us', 'en-gb-x-rp+f3']
    )
  })

  test("the picker's ?language= reloads the voices that speak it; an unknown one keeps the profile's", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('setup.picker@example.com')

    const arabic = await client
      .get('/setup')
      .qs({ language: 'arabic' })
      .withInertiaPartialReload('studio/setup', ['voiceProviders'])
      .loginAs(user)
    const opened = await client.get('/setup').qs({ language: 'arabic' }).withInertia().loginAs(user)
    const unknown = await client
      .get('/setup')
      .qs({ language: 'klingon' })
      .withInertia()
      .loginAs(user)

    arabic.assertStatus(200)
    assert.notProperty(arabic.inertiaProps, 'languages')
    assert.deepEqual(
      arabic.inertiaProps.voiceProviders[0].voices.map((voice: { id: string }) => voice.id),
      ['ar']
    )
    assert.equal(opened.inertiaProps.defaults.language, 'arabic')
    unknown.assertStatus(200)
    assert.equal(unknown.inertiaProps.defaults.language, 'english')
    assert.sameMembers(
      unknown.inertiaProps.voiceProviders[0].voices.map((voice: { id: string }) => voice.id),
      ['en-us', 'en-gb-x-rp+f3']
    )
  })

  test("Continue with another language than the profile's makes a project narrated, cut and charged in it", async ({
    client,
    assert,
  }) => {
    const user = await createAccount('setup.continue@example.com')
    const script = SCRIPTS.japanese.script

    const response = await client
      .post('/setup')
      .json(
        projectBody({ script, voice: { id: 'ja+f3', provider: 'espeak', language: 'japanese' } })
      )
      .header('referer', '/setup?language=japanese')
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    const refused = await client
      .post('/setup')
      .json(projectBody({ voice: { id: 'en-us', provider: 'espeak', language: 'klingon' } }))
      .header('referer', '/setup')
      .withInertia()
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    const project = await Project.query().where('user_id', user.id).firstOrFail()
    response.assertHeader('location', `/storyboard/${project.id}`)
    assert.equal(project.voice.language, 'japanese')
    const shown = await client.get(`/api/projects/${project.id}`).loginAs(user)
    assert.equal(shown.body().creditsNeeded, scriptCredits(script, languageNamed('japanese')))
    refused.assertHeader('location', '/setup')
    assert.include(JSON.stringify(refused.flashMessages()), LANGUAGE_REFUSAL)
    assert.lengthOf(await Project.query().where('user_id', user.id), 1)
  })
})

test.group('MCP: narration languages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('list_languages answers the catalogue; list_voices takes a language', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('agent.languages@example.com')
    const { client } = await connectAgent(await createApiToken(user, 'agent'), cleanup)

    const listed = await client.callTool({ name: 'list_languages', arguments: {} })
    const hindi = await client.callTool({ name: 'list_voices', arguments: { language: 'hindi' } })
    const unknown = await client.callTool({
      name: 'list_voices',
      arguments: { language: 'elvish' },
    })

    const { languages } = dataOf(listed)
    assert.deepEqual(
      languages.map((language: { name: string }) => language.name),
      [...LANGUAGES]
    )
    assert.include(textOf(listed), 'japanese (5 characters/s)')
    assert.deepEqual(
      dataOf(hindi).providers[0].voices.map((voice: { id: string }) => voice.id),
      ['hi+f3']
    )
    assert.isTrue(unknown.isError)
    assert.include(textOf(unknown), LANGUAGE_REFUSAL)
  })
})
