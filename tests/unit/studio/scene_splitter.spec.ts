import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  CUT_REACH,
  MIN_SCENE_WORDS,
  endsSentence,
  pictureCredits,
  pictureWordRange,
  scriptCredits,
  splitIntoScenes,
  wordsOf,
} from '#studio/services/scene_splitter'
import { STYLES, applyStyle, narrationOf, sceneWords } from '#studio/styles'
import { SCENE_SECONDS } from '#studio/models/scene'
import { videoCost } from '#studio/render/video_cost'
import type Scene from '#studio/models/scene'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { CLAUSE_WORDS, clauseWordsFor } from '#shared/clause_words'
import { languageNamed } from '#shared/languages'

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i + 1}`).join(' ')
const SENTENCE_ENDS = /[.!?…]$/
const DOUBLED_PUNCTUATION = /[.,;:!?…]\s*[.,;:!?…]/

/** Scripts of 1–200 words, some ending a sentence or a phrase. */
const scripts = fc
  .array(
    fc.tuple(
      fc.constantFrom('home', 'the', 'harbour', 'and', 'boats', 'light', 'Lisbon', 'tram', '42'),
      fc.constantFrom('', '', '', '', ',', '.', '!', '?', ';', ':')
    ),
    { minLength: 1, maxLength: 200 }
  )
  .map((tokens) => tokens.map(([word, mark]) => word + mark).join(' '))

/** Scripts with neither sentence ends nor words that lean on the next: only room moves a cut. */
const plainScripts = fc
  .array(
    fc.tuple(
      fc.constantFrom('home', 'harbour', 'boats', 'light', 'Lisbon', 'tram', '42'),
      fc.constantFrom('', '', '', '', ',', ';', ':')
    ),
    { minLength: 1, maxLength: 200 }
  )
  .map((tokens) => tokens.map(([word, mark]) => word + mark).join(' '))

/** A script with no picture count (Text to Video, AI Images) or with one it has a word for. */
const cutRequests = fc
  .tuple(scripts, fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }))
  .filter(([script, pictures]) => pictures === undefined || wordsOf(script).length >= pictures)

/** Articles, prepositions and conjunctions of every language: a scene never ends with one. */
const LEANING = new Set(Object.values(clauseWordsFor()).flat())
const leansOnNext = (scene: string) =>
  /[\p{L}\p{N}]$/u.test(scene) && LEANING.has(scene.split(' ').at(-1)!.toLowerCase())

/** Where a cut may land: within CUT_REACH of its mark, every scene keeping a word. */
function reachOf(
  cut: number,
  previousCut: number,
  wordCount: number,
  sceneCount: number,
  pictures?: number
) {
  const mark = Math.floor(cut * (pictures ? wordCount / pictures : 12.5))
  const from = Math.max(mark - CUT_REACH, previousCut + 1)
  const to = Math.min(mark + CUT_REACH, wordCount - (sceneCount - cut))
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
}

/** README.md's API examples (its curl bodies): each project's script, mode and, for Image to Video, its pictures. */
async function readmeExamples() {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  const pictures = readme
    .match(/for FILE in ([^;]+); do/)![1]
    .trim()
    .split(/\s+/).length
  const bodies = readme.matchAll(
    /-d\s+['"]\{\\?"script\\?":\s*\\?"(.+?)\\?",[\s\S]*?\\?"generation_mode\\?":\s*\\?"([a-z-]+)/g
  )
  return [...bodies].map(([, script, mode]) => ({
    script,
    mode,
    pictures: mode === 'image-to-video' ? pictures : undefined,
  }))
}

/** The scenes Generate Final Video charges for: one per cut, five seconds each. */
function storyboardOf(script: string) {
  return splitIntoScenes(script).map(
    (text, index) =>
      ({ prompt: text, order: index + 1, duration: SCENE_SECONDS, clipSourceKey: null }) as Scene
  )
}

test.group('Scene splitting and credit estimate', () => {
  test('one word makes one 5-second scene and costs its five credits', ({ assert }) => {
    assert.deepEqual(splitIntoScenes('Hello'), ['Hello'])
    assert.equal(scriptCredits('Hello'), 5)
  })

  test('punctuation alone is no script: no scenes, no credits', ({ assert }) => {
    assert.deepEqual(splitIntoScenes('... !!! — ?'), [])
    assert.equal(scriptCredits('... !!! — ?'), 0)
  })

  test('a 38-word script is four scenes and costs 20 credits, as the storyboard charges', ({
    assert,
  }) => {
    assert.lengthOf(splitIntoScenes(words(38)), 4)
    assert.equal(scriptCredits(words(38)), 20)
  })

  test('without sentence or phrase ends the cuts fall on the 5-second marks', ({ assert }) => {
    const scenes = splitIntoScenes(words(30))

    assert.deepEqual(
      scenes.map((scene) => scene.split(' ').length),
      [12, 13, 5]
    )
    assert.equal(scenes.join(' '), words(30))
  })

  test('cuts move to the nearest sentence end, else to a phrase end', ({ assert }) => {
    const script =
      'The harbour wakes before the sun and the boats rock softly. Gulls circle the masts, ' +
      'crying over the nets while the fishermen haul ropes, and the tide turns back'

    const scenes = splitIntoScenes(script)

    assert.deepEqual(scenes, [
      'The harbour wakes before the sun and the boats rock softly.',
      'Gulls circle the masts, crying over the nets while the fishermen haul ropes,',
      'and the tide turns back',
    ])
  })

  test('stray punctuation stays with its scene and counts no words', ({ assert }) => {
    const script = `${words(12)} — ${words(3)}`
    const scenes = splitIntoScenes(script)

    assert.lengthOf(scenes, 2)
    assert.equal(scenes.join(' '), script)
    assert.lengthOf(wordsOf(script), 15)
  })

  test('a 10,000-character script splits completely and in order', ({ assert }) => {
    const script = 'Lorem ipsum dolor sit amet consectetur. '.repeat(250).slice(0, 10_000)
    const scenes = splitIntoScenes(script)

    assert.equal(scenes.length, Math.ceil(wordsOf(script).length / 12.5))
    assert.equal(scenes.join(' '), script.trim().split(/\s+/).join(' '))
    assert.isTrue(scenes.every((scene) => wordsOf(scene).length >= 1))
  })

  test('for scripts of 1–200 words the estimate is what Generate Final Video charges', () => {
    fc.assert(
      fc.property(scripts, (script) => {
        const { due } = videoCost({ prepaidCredits: 0 }, storyboardOf(script))
        return scriptCredits(script) === due
      }),
      { seed: 20_261_123, numRuns: 500 }
    )
  })

  test('in every mode no scene ends mid-sentence when a sentence ends within reach of its cut; prompts never double punctuation', () => {
    fc.assert(
      fc.property(cutRequests, ([script, pictures]) => {
        const scenes = splitIntoScenes(script, pictures)
        const all = wordsOf(script)
        if (scenes.length !== (pictures ?? Math.ceil(all.length / 12.5))) return false
        if (scenes.join(' ') !== script.split(/\s+/).filter(Boolean).join(' ')) return false
        if (scenes.some((scene) => wordsOf(scene).length === 0)) return false
        let previousCut = 0
        for (let cut = 1; cut < scenes.length; cut++) {
          const reach = reachOf(cut, previousCut, all.length, scenes.length, pictures)
          const reachable = reach.some((word) => endsSentence(all[word - 1]))
          if (reachable && !SENTENCE_ENDS.test(scenes[cut - 1])) return false
          previousCut += wordsOf(scenes[cut - 1]).length
        }
        return STYLE_IDS.every((id) =>
          scenes.every((scene) => !DOUBLED_PUNCTUATION.test(applyStyle(STYLES[id].template, scene)))
        )
      }),
      { seed: 20_261_123, numRuns: 1000 }
    )
  })

  test('in every mode no scene ends on "the", "of" or "and" when a cut within reach avoids it', () => {
    fc.assert(
      fc.property(cutRequests, ([script, pictures]) => {
        const scenes = splitIntoScenes(script, pictures)
        const all = wordsOf(script)
        let previousCut = 0
        for (let cut = 1; cut < scenes.length; cut++) {
          const reach = reachOf(cut, previousCut, all.length, scenes.length, pictures)
          const avoidable = reach.some((word) => !leansOnNext(all[word - 1]))
          if (avoidable && leansOnNext(scenes[cut - 1])) return false
          previousCut += wordsOf(scenes[cut - 1]).length
        }
        return true
      }),
      { seed: 20_261_127, numRuns: 1000 }
    )
  })

  test("README's API examples cut at sentence ends, else before a clause, at the scenes the credits count", async ({
    assert,
  }) => {
    const examples = await readmeExamples()
    assert.sameMembers(
      examples.map((example) => example.mode),
      ['text-to-video', 'image-to-video']
    )

    for (const { script, mode, pictures } of examples) {
      // The bodies name no language, as the server then cuts.
      const scenes = splitIntoScenes(script, pictures)
      const sentences = script.match(/[^.!?]+[.!?]/g)!.map((sentence) => sentence.trim())
      assert.lengthOf(scenes, pictures ?? scriptCredits(script) / 5, mode)
      assert.equal(scenes.join(' '), script, mode)
      for (const [index, scene] of scenes.slice(0, -1).entries()) {
        const next = scenes[index + 1]
        const opensClause = clauseWordsFor('english').joiners.includes(next.split(' ')[0])
        assert.isTrue(endsSentence(scene) || opensClause, `${mode}: "${scene}" / "${next}"`)
        assert.isFalse(leansOnNext(scene), `${mode}: "${scene}"`)
      }
      if (sentences.length >= scenes.length) {
        assert.isTrue(scenes.every(endsSentence), `${mode}: ${scenes.join(' / ')}`)
      }
    }
  })

  test('the last sentence is told whole rather than split off as a short tail', ({ assert }) => {
    const coffee =
      'The morning light falls softly over the quiet harbour town. Fishermen mend their nets ' +
      'and sing old songs together. Coffee steams on a table by the sea.'
    const fox =
      'A young fox leaves her den at dusk and crosses the frozen river. She hunts through ' +
      'the birch woods and listens for mice under the snow until dawn.'

    const coffeeScenes = splitIntoScenes(coffee)
    const foxScenes = splitIntoScenes(fox)

    assert.equal(coffeeScenes.at(-1), 'Coffee steams on a table by the sea.')
    assert.equal(scriptCredits(coffee), coffeeScenes.length * 5)
    assert.isAtLeast(wordsOf(foxScenes.at(-1)!).length, MIN_SCENE_WORDS)
    assert.notEqual(foxScenes.at(-1), 'until dawn.')
    assert.equal(scriptCredits(fox), foxScenes.length * 5)
  })

  test('no scene is a sentence tail of four words or fewer when its sentence could be kept whole', () => {
    fc.assert(
      fc.property(scripts, (script) => {
        const scenes = splitIntoScenes(script)
        for (let index = 1; index < scenes.length; index++) {
          const scene = wordsOf(scenes[index])
          const previous = wordsOf(scenes[index - 1])
          const continuesSentence = !endsSentence(previous.at(-1)!)
          const onlyTail = scene.slice(0, -1).every((word) => !endsSentence(word))
          // Where the sentence starts in the scene before, after at least one of its words.
          const sentenceStart = previous.findLastIndex((word) => endsSentence(word)) + 1
          const keepable = sentenceStart >= 1
          if (continuesSentence && onlyTail && scene.length <= 4 && keepable) return false
        }
        return true
      }),
      { seed: 20_261_126, numRuns: 1000 }
    )
  })

  test('every scene holds at least five words when the script has that many per scene and no sentence end draws a cut', () => {
    fc.assert(
      fc.property(plainScripts, (script) => {
        const scenes = splitIntoScenes(script)
        if (wordsOf(script).length < scenes.length * MIN_SCENE_WORDS) return true
        return scenes.every((scene) => wordsOf(scene).length >= MIN_SCENE_WORDS)
      }),
      { seed: 20_261_126, numRuns: 1000 }
    )
  })

  test('a sentence end within reach wins over five words a scene, and every scene keeps a word', ({
    assert,
  }) => {
    const script = `${words(24)}. Home now.`

    const scenes = splitIntoScenes(script)

    assert.deepEqual(scenes.slice(1), [`${words(24).split(' ').slice(12).join(' ')}.`, 'Home now.'])
    assert.deepEqual(splitIntoScenes('Dusk. The harbour glows over the town. Night.', 3), [
      'Dusk.',
      'The harbour glows over the town.',
      'Night.',
    ])
  })

  test('with no punctuation in reach a cut falls before a clause, in the narration language', ({
    assert,
  }) => {
    const examples = {
      english:
        'A lighthouse keeper climbs the spiral stairs at dawn and lights the great lamp for the ships passing in the fog.',
      spanish:
        'Un farero sube la escalera de caracol al amanecer y enciende la gran lámpara para los barcos que pasan en la niebla.',
      french:
        "Un gardien de phare monte l'escalier en colimaçon à l'aube et allume la grande lampe pour les navires qui passent dans le brouillard.",
      german:
        'Ein alter Leuchtturmwärter steigt jeden Morgen die steile Wendeltreppe hinauf und zündet die große Lampe für alle Schiffe im dichten Nebel an.',
    }
    const joiners = { english: 'and', spanish: 'y', french: 'et', german: 'und' }

    for (const [language, script] of Object.entries(examples)) {
      const scenes = splitIntoScenes(script, undefined, languageNamed(language))
      assert.lengthOf(scenes, 2, language)
      assert.equal(scenes[1].split(' ')[0], joiners[language as keyof typeof joiners], language)
      assert.deepEqual(splitIntoScenes(script), scenes, `${language}, language unknown`)
    }
  })

  test('a cut with only words in reach moves off an article or preposition', ({ assert }) => {
    const script = `${words(11)} of the ${words(12)}`

    const [first] = splitIntoScenes(script)

    assert.equal(first, words(11))
  })

  test('every narration language has its clause words; an article elsewhere opens no cut', ({
    assert,
  }) => {
    assert.sameMembers(Object.keys(CLAUSE_WORDS), [...LANGUAGES])
    const unknown = clauseWordsFor()
    for (const article of ['a', 'die', 'o', 'an']) {
      assert.notInclude([...unknown.joiners, ...unknown.prepositions], article)
      assert.include(unknown.determiners, article)
    }
  })

  test('every style template holds the script placeholder and round-trips a scene', ({
    assert,
  }) => {
    for (const id of STYLE_IDS) {
      const style = STYLES[id]
      assert.include(style.template, '{script}')
      for (const text of ['a fox in the snow', 'Home at last.', 'the shadows and']) {
        const prompt = applyStyle(style.template, text)
        assert.include(prompt, text)
        assert.notMatch(prompt, DOUBLED_PUNCTUATION)
        assert.equal(sceneWords(style.template, prompt), text)
      }
    }
    assert.equal(sceneWords(STYLES.noir.template, 'edited by hand'), 'edited by hand')
  })

  test('the narration is every scene’s words in storyboard order', ({ assert }) => {
    const template = STYLES.cinematic.template
    const scenes = [
      { order: 2, prompt: applyStyle(template, 'Waves crash below.') },
      { order: 1, prompt: applyStyle(template, 'The keeper climbs at dawn.') },
    ]

    assert.equal(narrationOf(template, scenes), 'The keeper climbs at dawn. Waves crash below.')
  })
})

test.group('Scene splitting across pictures (Image to Video)', () => {
  test('a script is shared across exactly one scene per picture, in order, nothing lost', () => {
    fc.assert(
      fc.property(scripts, fc.integer({ min: 1, max: 30 }), (script, wanted) => {
        const range = pictureWordRange(wanted)
        const count = wordsOf(script).length
        if (count < range.fewest) return true
        const scenes = splitIntoScenes(script, wanted)
        return (
          scenes.length === wanted &&
          scenes.every((scene) => wordsOf(scene).length >= 1) &&
          scenes.join(' ') === script.split(/\s+/).filter(Boolean).join(' ')
        )
      }),
      { seed: 20_261_126, numRuns: 500 }
    )
  })

  test('three pictures and three sentences give a sentence a picture', ({ assert }) => {
    const script =
      'A red fox wakes under the old oak tree. She trots across the frosty meadow. The sun rises over the quiet hills.'
    assert.deepEqual(splitIntoScenes(script, 3), [
      'A red fox wakes under the old oak tree.',
      'She trots across the frosty meadow.',
      'The sun rises over the quiet hills.',
    ])
  })

  test('the estimate for N pictures is 5 × N credits and the words they can narrate', ({
    assert,
  }) => {
    assert.equal(pictureCredits(3), 15)
    assert.deepEqual(pictureWordRange(3), { fewest: 3, most: 37 })
    assert.deepEqual(pictureWordRange(30), { fewest: 30, most: 375 })
  })
})
