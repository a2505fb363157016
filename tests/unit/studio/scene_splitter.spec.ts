import { test } from '@japa/runner'
import { estimateCredits, splitIntoScenes, wordsOf } from '#studio/services/scene_splitter'
import { STYLES, applyStyle, sceneWords } from '#studio/styles'
import { STYLE_IDS } from '#core/vocabulary'

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i + 1}`).join(' ')

test.group('Scene splitting and credit estimate', () => {
  test('one word makes one scene and costs one credit', ({ assert }) => {
    assert.deepEqual(splitIntoScenes('Hello'), ['Hello'])
    assert.equal(estimateCredits('Hello'), 1)
  })

  test('punctuation alone is no script: no scenes, no credits', ({ assert }) => {
    assert.deepEqual(splitIntoScenes('... !!! — ?'), [])
    assert.equal(estimateCredits('... !!! — ?'), 0)
  })

  test('about 12.5 words per scene, never cutting a word, the last may be shorter', ({
    assert,
  }) => {
    const scenes = splitIntoScenes(words(30))

    assert.lengthOf(scenes, 3)
    assert.deepEqual(
      scenes.map((scene) => scene.split(' ').length),
      [12, 13, 5]
    )
    assert.equal(scenes.join(' '), words(30))
  })

  test('credits are words ÷ 2.5 rounded up', ({ assert }) => {
    assert.equal(estimateCredits(words(25)), 10)
    assert.equal(estimateCredits(words(26)), 11)
    assert.equal(estimateCredits('  spaced   out\n\nwords  '), 2)
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
    assert.isTrue(scenes.every((scene) => wordsOf(scene).length <= 13))
  })

  test('every style template holds the script placeholder and round-trips a scene', ({
    assert,
  }) => {
    for (const id of STYLE_IDS) {
      const style = STYLES[id]
      assert.include(style.template, '{script}')
      const prompt = applyStyle(style.template, 'a fox in the snow')
      assert.include(prompt, 'a fox in the snow')
      assert.equal(sceneWords(style.template, prompt), 'a fox in the snow')
    }
    assert.equal(sceneWords(STYLES.noir.template, 'edited by hand'), 'edited by hand')
  })
})
