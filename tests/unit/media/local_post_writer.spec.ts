import { test } from '@japa/runner'
import fc from 'fast-check'
import type { Assert } from '@japa/assert'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import { LocalScriptWriter } from '#media/providers/local/local_script_writer'
import {
  HASHTAG,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
  type VideoPost,
} from '#shared/video_post'

/** Words a script of each language is made of, with the punctuation its sentences end with. */
const VOCABULARY = {
  english: {
    words: 'the lighthouse keeper climbs stairs at dawn and waves crash below on rocks of coffee',
    ends: ['.', '!', '?'],
    glue: ' ',
  },
  spanish: {
    words: 'el farero sube las escaleras al amanecer y las olas rompen sobre rocas del café',
    ends: ['.', '!', '?'],
    glue: ' ',
  },
  german: {
    words: 'der Leuchtturmwärter steigt die Treppe im Morgengrauen und Wellen brechen an Felsen',
    ends: ['.', '!', '?'],
    glue: ' ',
  },
  japanese: {
    words: '灯台 守 は 夜明け に 階段 を 上る 波 が 岩 に 砕ける コーヒー の 香り 東京',
    ends: ['。', '！', '？'],
    glue: '',
  },
  arabic: {
    words: 'حارس المنارة يصعد الدرج عند الفجر والأمواج تتكسر على الصخور القهوة في الصباح',
    ends: ['.', '!', '؟'],
    glue: ' ',
  },
  hindi: {
    words: 'प्रकाशस्तंभ का रखवाला सुबह सीढ़ियाँ चढ़ता है और लहरें चट्टानों से टकराती हैं कॉफ़ी',
    ends: ['।', '!', '?'],
    glue: ' ',
  },
  thai: {
    words: 'ผู้ดูแล ประภาคาร ปีน บันได ตอน รุ่งเช้า คลื่น ซัด โขดหิน กาแฟ',
    ends: ['', ' '],
    glue: '',
  },
} as const

type ScriptLanguage = keyof typeof VOCABULARY

/** A script of 1–12 sentences of 1–30 of the language's words each. */
function scriptOf(language: ScriptLanguage) {
  const { words, ends, glue } = VOCABULARY[language]
  const sentence = fc
    .tuple(
      fc.array(fc.constantFrom(...words.split(' ')), { minLength: 1, maxLength: 30 }),
      fc.constantFrom(...ends)
    )
    .map(([picked, end]) => `${picked.join(glue)}${end}`)
  return fc.array(sentence, { minLength: 1, maxLength: 12 }).map((sentences) => sentences.join(' '))
}

/** The limits every post keeps, whatever it was written from. */
function assertWithinLimits(assert: Assert, post: VideoPost, script: string) {
  const context = JSON.stringify({ script, post })
  assert.isAtLeast(post.title.length, 1, context)
  assert.isAtMost(post.title.length, POST_TITLE_MAX, context)
  assert.equal(post.title, post.title.trim(), context)
  assert.isAtMost(post.description.length, POST_DESCRIPTION_MAX, context)
  assert.isAtLeast(post.hashtags.length, POST_HASHTAGS_MIN, context)
  assert.isAtMost(post.hashtags.length, POST_HASHTAGS_MAX, context)
  for (const tag of post.hashtags) assert.match(tag, HASHTAG, context)
  const distinct = new Set(post.hashtags.map((tag) => tag.toLowerCase()))
  assert.equal(distinct.size, post.hashtags.length, context)
}

const SEED = 20_261_129

test.group('writePostOffline', () => {
  test('a script in {$self} always gives a post within the limits, the same each time')
    .with(Object.keys(VOCABULARY) as ScriptLanguage[])
    .run(({ assert }, language) => {
      fc.assert(
        fc.property(scriptOf(language), (script) => {
          const post = writePostOffline(script, language)
          assertWithinLimits(assert, post, script)
          assert.deepEqual(writePostOffline(script, language), post)
        }),
        { seed: SEED, numRuns: 120 }
      )
    })

  test('any text at all, in any language, gives a post within the limits', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 3000 }),
        fc.constantFrom('english', 'japanese', 'arabic', 'chinese', 'klingon'),
        (script, language) => assertWithinLimits(assert, writePostOffline(script, language), script)
      ),
      { seed: SEED, numRuns: 300 }
    )
  })

  test('the title is the first sentence; the description the first sentences', ({ assert }) => {
    const script =
      'How to brew pour-over coffee at home. Heat the water to ninety degrees. ' +
      'Pour slowly in circles over the coffee. Wait for the bloom. ' +
      'Coffee brewed this way tastes of fruit and chocolate, never of bitterness. ' +
      'Serve it in a warm cup and share it with someone who still drinks instant coffee every morning.'

    const post = writePostOffline(script, 'english')

    assert.equal(post.title, 'How to brew pour-over coffee at home')
    assert.equal(
      post.description,
      'How to brew pour-over coffee at home. Heat the water to ninety degrees. ' +
        'Pour slowly in circles over the coffee. Wait for the bloom. ' +
        'Coffee brewed this way tastes of fruit and chocolate, never of bitterness.'
    )
    assert.deepEqual(post.hashtags, ['#coffee', '#pour', '#brew', '#home', '#heat'])
  })

  test('a long first sentence is cut at a word, with an ellipsis', ({ assert }) => {
    const post = writePostOffline(
      'A lonely robot wanders through the ruins of a post-apocalyptic city and discovers, ' +
        'against every expectation, a single red flower growing in the cracked concrete.',
      'english'
    )

    assert.equal(post.title, 'A lonely robot wanders through the ruins of a post-apocalyptic city…')
    assert.isAtMost(post.title.length, 70)
  })

  test('a Japanese script gets Japanese hashtags, without its particles', ({ assert }) => {
    const post = writePostOffline(
      '東京の朝は静かです。コーヒーを淹れる人々が、小さなカフェに集まります。東京のカフェ文化は百年の歴史があります。',
      'japanese'
    )

    assert.equal(post.title, '東京の朝は静かです')
    assert.deepEqual(post.hashtags.slice(0, 2), ['#東京', '#カフェ'])
    assert.include(post.hashtags, '#コーヒー')
    for (const particle of ['#の', '#は', '#が', '#を', '#です']) {
      assert.notInclude(post.hashtags, particle)
    }
  })

  test('an Arabic script gets Arabic hashtags, its question kept a question', ({ assert }) => {
    const post = writePostOffline(
      'هل تعرف لماذا نحب القهوة؟ القهوة في الصباح رائعة. القهوة العربية لها تاريخ طويل.',
      'arabic'
    )

    assert.equal(post.title, 'هل تعرف لماذا نحب القهوة؟')
    assert.equal(post.hashtags[0], '#القهوة')
    assert.notInclude(post.hashtags, '#في', 'a preposition is no subject')
  })

  test('a script that names too few things is padded with platform tags', ({ assert }) => {
    const post = writePostOffline('Wow! Go on.', 'english')

    assert.deepEqual(post, {
      title: 'Wow!',
      description: 'Wow! Go on.',
      hashtags: ['#shorts', '#reels', '#video'],
    })
  })

  test('the offline script writer’s scripts give posts about their subject', async ({ assert }) => {
    const writer = new LocalScriptWriter()
    const { script } = await writer.write({
      description: 'A lonely robot discovers a flower in a post-apocalyptic city',
      style: 'noir',
      mood: 'chill',
      targetSeconds: 30,
      language: 'english',
    })

    const post = await writer.post({ script, language: 'english' })

    assert.includeMembers(post.hashtags, ['#robot', '#lonely'])
    assert.include(post.title.toLowerCase(), 'robot')
  })

  test('the offline script writer’s own wording never becomes a hashtag', ({ assert }) => {
    // A series video's script, as the offline writer wrote it from its topic.
    const post = writePostOffline(
      'You think you know home coffee brewing hacks? Watch this. Sometimes all it takes is ' +
        'home coffee brewing hacks to change everything. Follow for more.',
      'english'
    )

    assert.deepEqual(post.hashtags, ['#home', '#coffee', '#brewing', '#hacks'])
  })
})
