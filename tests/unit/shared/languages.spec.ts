import { test } from '@japa/runner'
import fc from 'fast-check'
import { LANGUAGES } from '#core/vocabulary'
import { LANGUAGE_CATALOGUE, LANGUAGE_REFUSAL, languageNamed } from '#shared/languages'
import {
  SCENE_SECONDS,
  endsSentence,
  lengthCredits,
  lengthWordBudget,
  pictureWordRange,
  scriptCredits,
  speechUnits,
  unitsPerScene,
} from '#shared/script_plan'
import { splitIntoScenes } from '#shared/scene_cuts'
import { fitToWordBudget } from '#shared/script_fit'
import { sceneOverruns } from '#shared/narration_pace'

const japanese = languageNamed('japanese')
const chinese = languageNamed('chinese')
const thai = languageNamed('thai')

/** Each language's sentence end, as its writers close a sentence. */
const FULL_STOP: Record<string, string> = { japanese: '。', chinese: '。', hindi: '।' }

/** A language's own words, from its preview sample: what its random scripts are made of. */
function wordsIn(language: (typeof LANGUAGE_CATALOGUE)[number]) {
  const segments = new Intl.Segmenter(language.locale, { granularity: 'word' }).segment(
    language.sample
  )
  return [...segments].filter((part) => part.isWordLike).map((part) => part.segment)
}

/** The script with its whitespace gone: what a cut must neither lose nor add to. */
const letters = (text: string) => text.replace(/\s+/g, '')

/** Scripts in `language`: 1–120 of its words, some closing a sentence or a phrase. */
function scriptsIn(language: (typeof LANGUAGE_CATALOGUE)[number]) {
  const stop = FULL_STOP[language.name] ?? '.'
  const spaced = language.unit === 'word' || language.name === 'thai'
  return fc
    .array(
      fc.tuple(fc.constantFrom(...wordsIn(language)), fc.constantFrom('', '', '', ',', stop, '!')),
      { minLength: 1, maxLength: 120 }
    )
    .map((tokens) => tokens.map(([word, mark]) => word + mark).join(spaced ? ' ' : ''))
}

/** Scripts of short sentences, two to four words each: a sentence end is always within a cut's reach. */
function sentencesIn(language: (typeof LANGUAGE_CATALOGUE)[number]) {
  const stop = FULL_STOP[language.name] ?? '.'
  const spaced = language.unit === 'word'
  return fc
    .array(fc.array(fc.constantFrom(...wordsIn(language)), { minLength: 2, maxLength: 4 }), {
      minLength: 1,
      maxLength: 40,
    })
    .map((sentences) =>
      sentences.map((words) => words.join(spaced ? ' ' : '') + stop).join(spaced ? ' ' : '')
    )
}

test.group('Languages: the catalogue', () => {
  test('lists 24 languages in eight writing systems, Arabic and Hebrew right to left', ({
    assert,
  }) => {
    assert.lengthOf(LANGUAGES, 24)
    assert.includeMembers(
      [...LANGUAGES],
      ['english', 'russian', 'greek', 'arabic', 'hebrew', 'hindi', 'thai', 'japanese', 'korean']
    )
    assert.sameMembers(
      [...new Set(LANGUAGE_CATALOGUE.map((language) => language.writingSystem))],
      [
        'latin',
        'cyrillic',
        'greek',
        'arabic',
        'hebrew',
        'devanagari',
        'thai',
        'kana-han',
        'han',
        'hangul',
      ]
    )
    assert.sameMembers(
      LANGUAGE_CATALOGUE.filter((language) => language.direction === 'rtl').map((l) => l.name),
      ['arabic', 'hebrew']
    )
    for (const language of LANGUAGE_CATALOGUE) {
      assert.deepEqual(Intl.getCanonicalLocales(language.locale), [language.locale], language.name)
      assert.isNotEmpty(language.offlineVoices, language.name)
    }
    assert.equal(chinese.locale, 'zh-Hans')
  })

  test('counts words where words stand apart and characters where they do not', ({ assert }) => {
    assert.deepEqual(
      LANGUAGE_CATALOGUE.filter((language) => language.unit === 'character').map((l) => l.name),
      ['thai', 'japanese', 'chinese']
    )
    assert.equal(speechUnits('A lighthouse keeper climbs the stairs — at dawn.'), 8)
    assert.equal(speechUnits('東京の朝は、静かです。', japanese), 9)
    assert.equal(speechUnits('你好。北京的早晨很安静！', chinese), 10)
    // Thai's vowel and tone marks sit on their consonant: one character with it.
    assert.equal(speechUnits('สวัสดีครับ', thai), 7)
    assert.equal(speechUnits('서울의 아침은 조용합니다.', languageNamed('korean')), 3)
    assert.equal(speechUnits('الصباح هادئ جدا.', languageNamed('arabic')), 3)
  })

  test('a 5-second scene holds five seconds of each language: 12.5 English words, 25 Japanese characters', ({
    assert,
  }) => {
    assert.equal(unitsPerScene(languageNamed('english')), 12.5)
    assert.equal(unitsPerScene(japanese), 25)
    assert.equal(unitsPerScene(chinese), 17.5)
    assert.equal(unitsPerScene(thai), 30)
    assert.equal(scriptCredits('東'.repeat(25), japanese), 5)
    assert.equal(scriptCredits('東'.repeat(26), japanese), 10)
    assert.equal(lengthWordBudget(15, japanese), 75)
    assert.isFalse(sceneOverruns('東'.repeat(25), 1, japanese))
    assert.isTrue(sceneOverruns('東'.repeat(30), 1, japanese))
  })

  test('sentences end at . ! ? … 。 ！ ？ ؟ ۔ । and their closing quotes', ({ assert }) => {
    for (const sentence of [
      '静かです。',
      '本当？',
      'すごい！」',
      '「行こう。」',
      'جدا؟',
      'ختم۔',
      'है।',
      'Hi.”',
    ]) {
      assert.isTrue(endsSentence(sentence), sentence)
    }
    assert.isFalse(endsSentence('東京の朝は、'))
  })

  test('a Japanese script is cut between sentences into the scenes its characters pay for', ({
    assert,
  }) => {
    const script =
      '朝の港は静かです。漁師たちが船を出します。カモメが空を舞っています。' +
      '市場には新鮮な魚が並びます。人々は笑顔で買い物をします。夕方には町が赤く染まります。'

    const scenes = splitIntoScenes(script, undefined, japanese)

    assert.lengthOf(scenes, scriptCredits(script, japanese) / SCENE_SECONDS)
    assert.lengthOf(scenes, 3)
    for (const scene of scenes) assert.isTrue(endsSentence(scene), scene)
    assert.equal(scenes.join(''), script)
  })

  test('an opening bracket goes with the words after it', ({ assert }) => {
    const script = '港の朝です。' + '「おはよう」と漁師は言いました。'.repeat(3)

    const scenes = splitIntoScenes(script, undefined, japanese)

    for (const scene of scenes.slice(1)) assert.notMatch(scene, /「$/)
    assert.equal(scenes.join(''), script)
  })

  test('an AI script is kept to the characters its length pays for, at a sentence end', ({
    assert,
  }) => {
    const script = '朝の港は静かです。'.repeat(20)

    const fitted = fitToWordBudget(script, lengthWordBudget(15, japanese), japanese)

    assert.equal(scriptCredits(fitted, japanese), lengthCredits(15))
    assert.isTrue(fitted.endsWith('。'))
    assert.equal(fitToWordBudget('東'.repeat(100), 10, japanese), `${'東'.repeat(10)}。`)
  })

  test('the refusal of an unsupported language names every supported one', ({ assert }) => {
    for (const name of LANGUAGES) assert.include(LANGUAGE_REFUSAL, name)
  })
})

test.group('Languages: estimate and charge in every language', () => {
  for (const language of LANGUAGE_CATALOGUE) {
    test(`${language.name}: the estimate is what the storyboard charges, nothing lost`, () => {
      fc.assert(
        fc.property(scriptsIn(language), (script) => {
          const scenes = splitIntoScenes(script, undefined, language)
          return (
            scenes.length * SCENE_SECONDS === scriptCredits(script, language) &&
            scenes.every((scene) => speechUnits(scene, language) > 0) &&
            letters(scenes.join('')) === letters(script)
          )
        }),
        { seed: 20_261_129, numRuns: 150 }
      )
    })

    test(`${language.name}: over N pictures the script makes exactly N scenes`, () => {
      fc.assert(
        fc.property(scriptsIn(language), fc.integer({ min: 1, max: 30 }), (script, pictures) => {
          const { fewest, most } = pictureWordRange(pictures, language)
          const units = speechUnits(script, language)
          fc.pre(units >= fewest && units <= most)
          return splitIntoScenes(script, pictures, language).length === pictures
        }),
        { seed: 20_261_129, numRuns: 150 }
      )
    })
  }

  // Thai closes a sentence with a space, not a mark: its cuts fall between words.
  for (const language of LANGUAGE_CATALOGUE.filter((entry) => entry.name !== 'thai')) {
    test(`${language.name}: sentences are told whole, so no scene is a sentence tail`, () => {
      fc.assert(
        fc.property(sentencesIn(language), (script) =>
          splitIntoScenes(script, undefined, language).every((scene) => endsSentence(scene))
        ),
        { seed: 20_261_129, numRuns: 150 }
      )
    })
  }
})
