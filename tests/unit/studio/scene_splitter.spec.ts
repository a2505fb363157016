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
import { STYLE_IDS } from '#core/vocabulary'

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

  test('no scene ends mid-sentence when a sentence ends within reach of its cut; prompts never double punctuation', () => {
    fc.assert(
      fc.property(scripts, (script) => {
        const scenes = splitIntoScenes(script)
        const all = wordsOf(script)
        if (scenes.length !== Math.ceil(all.length / 12.5)) return false
        if (scenes.join(' ') !== script.split(/\s+/).filter(Boolean).join(' ')) return false
        let previousCut = 0
        for (let cut = 1; cut < scenes.length; cut++) {
          const mark = Math.floor(cut * 12.5)
          const after = scenes.length - cut
          const reachable = all.some(
            (word, index) =>
              index + 1 >= Math.max(mark - CUT_REACH, previousCut + MIN_SCENE_WORDS) &&
              index + 1 <= Math.min(mark + CUT_REACH, all.length - after * MIN_SCENE_WORDS) &&
              endsSentence(word)
          )
          if (reachable && !SENTENCE_ENDS.test(scenes[cut - 1])) return false
          previousCut += wordsOf(scenes[cut - 1]).length
        }
        return STYLE_IDS.every((id) =>
          scenes.every((scene) => !DOUBLED_PUNCTUATION.test(applyStyle(STYLES[id].template, scene)))
        )
      }),
      { seed: 20_261_123, numRuns: 500 }
    )
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

  test('every scene holds at least five words when the script has that many per scene', () => {
    fc.assert(
      fc.property(scripts, (script) => {
        const scenes = splitIntoScenes(script)
        if (wordsOf(script).length < scenes.length * MIN_SCENE_WORDS) return true
        return scenes.every((scene) => wordsOf(scene).length >= MIN_SCENE_WORDS)
      }),
      { seed: 20_261_126, numRuns: 1000 }
    )
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
