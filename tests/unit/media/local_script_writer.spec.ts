import { test } from '@japa/runner'
import type { ScriptRequest } from '#media/providers/contracts'
import { countWords, LocalScriptWriter } from '#media/providers/local/local_script_writer'
import { languageNamed } from '#shared/languages'

const request: ScriptRequest = {
  description: 'A lonely robot discovers a flower in a post-apocalyptic city',
  style: 'noir',
  mood: 'horror',
  targetSeconds: 30,
  language: 'english',
}

function sentences(text: string) {
  return text.split(/(?<=[.!?])\s+/).filter(Boolean)
}

test.group('LocalScriptWriter', () => {
  test('writes about {$self} × 2.5 words of script and of voice-over')
    .with([15, 30, 60, 600])
    .run(async ({ assert }, seconds) => {
      const written = await new LocalScriptWriter().write({ ...request, targetSeconds: seconds })

      const target = seconds * 2.5
      for (const text of [written.script]) {
        assert.closeTo(countWords(text), target, target * 0.1)
      }
    })

  test('keeps the length for every language, style and mood, and never goes under 5 words', async ({
    assert,
  }) => {
    const writer = new LocalScriptWriter()
    const variants = [
      { targetSeconds: 1, language: 'german', style: 'pixel', mood: 'epic' },
      { targetSeconds: 8, language: 'french', style: 'anime', mood: 'chill' },
      { targetSeconds: 120, language: 'spanish', style: 'watercolor', mood: 'uplifting' },
      { targetSeconds: 1200, language: 'polish', style: 'pixar', mood: 'engaging' },
    ] as const

    for (const variant of variants) {
      const written = await writer.write({ ...request, ...variant })
      // Polish is narrated at 2.1 words a second (docs/decisions.md, Credits and plans).
      const target = Math.max(5, variant.targetSeconds * languageNamed(variant.language).perSecond)
      for (const text of [written.script]) {
        assert.isAtLeast(countWords(text), 5)
        assert.closeTo(countWords(text), target, target * 0.1)
      }
    }
  })

  test('is deterministic: the same request gives the same text, another description another', async ({
    assert,
  }) => {
    const writer = new LocalScriptWriter()

    const first = await writer.write(request)
    const again = await writer.write({ ...request })
    const other = await writer.write({ ...request, description: 'A fox crossing a frozen lake' })

    assert.deepEqual(again, first)
    assert.notEqual(other.script, first.script)
  })

  test('reuses the description and writes in the style and mood', async ({ assert }) => {
    const written = await new LocalScriptWriter().write(request)

    assert.include(written.script, 'robot')
    assert.match(written.script, /rain|shadow|streetlamp|blinds|black and white/)
  })

  test("builds the script around the description's own subject words")
    .with([
      { description: 'A quick tour of Lisbon trams', words: ['Lisbon trams'] },
      { description: 'Lisbon trams', words: ['Lisbon trams'] },
      { description: 'The history of coffee in Vienna', words: ['coffee', 'Vienna'] },
      { description: 'A documentary about beekeepers in the Alps', words: ['beekeepers'] },
    ])
    .run(async ({ assert }, { description, words }) => {
      for (const targetSeconds of [15, 30, 60]) {
        const { script } = await new LocalScriptWriter().write({
          ...request,
          description,
          targetSeconds,
        })

        // A 15-second script has room for the subject; longer ones name the rest too.
        const named = targetSeconds < 30 ? words.slice(0, 1) : words
        for (const word of named) assert.include(script, word, `${targetSeconds} s: ${script}`)
        assert.notMatch(script, /\b(?:the )?(?:quick tour|history|documentary)\b(?! of)/i, script)
      }
    })

  test('builds on the subject of {shape}, in sentences')
    .with([
      {
        shape: 'a how-to',
        description: 'How to brew pour-over coffee',
        language: 'english',
        words: ['brew pour-over coffee'],
        // The verb never stands where a noun belongs ("You think you know brew…").
        never: /\b(?:about|with|know|of|for|because) brew\b/i,
      },
      {
        shape: 'a topic noun phrase',
        description: 'The northern lights over Iceland',
        language: 'english',
        words: ['northern lights'],
        never: /\bthe the\b/i,
      },
      {
        shape: 'a question',
        description: 'Why do cats purr?',
        language: 'english',
        words: ['cats', 'purr'],
        never: /\b(?:with|about|of|to) cats purr\b/i,
      },
      {
        shape: 'a long sentence',
        description:
          'I want a short video showing my grandmother teaching me to bake apple pie in her kitchen on a rainy Sunday afternoon',
        language: 'english',
        words: ['grandmother', 'bake apple pie', 'kitchen', 'rainy Sunday afternoon'],
        never: /\b(?:I want|short video)\b/i,
      },
      {
        shape: 'a Spanish how-to',
        description: 'Cómo preparar café de filtro',
        language: 'spanish',
        words: ['preparar café de filtro'],
        never: /\b(?:con|descubrirás|vista) (?:cómo|preparar)\b/i,
      },
      {
        shape: 'a French how-to',
        description: 'Comment faire du pain au levain',
        language: 'french',
        words: ['faire du pain au levain'],
        never: /\b(?:avec|de|découvrirez) (?:comment|faire)\b/i,
      },
      {
        shape: 'a German how-to',
        description: 'Wie man Kaffee richtig brüht',
        language: 'german',
        words: ['Kaffee richtig brüht'],
        never: /: (?:wie )?man\b/i,
      },
    ] as const)
    .run(async ({ assert }, { description, language, words, never }) => {
      for (const targetSeconds of [15, 30, 60]) {
        const { script } = await new LocalScriptWriter().write({
          ...request,
          description,
          language,
          targetSeconds,
        })

        for (const word of words) assert.include(script, word, `${targetSeconds} s: ${script}`)
        assert.notMatch(script, never, script)
        const list = sentences(script)
        assert.isAtLeast(list.length, 2, script)
        for (const sentence of list) {
          assert.match(sentence, /^[¿¡]?\p{Lu}/u, `${targetSeconds} s: ${sentence}`)
          assert.match(sentence, /[.!?]$/, `${targetSeconds} s: ${sentence}`)
        }
      }
    })

  test('never says the same sentence twice in a row, even over {$self} s')
    .with([60, 600, 1200])
    .run(async ({ assert }, seconds) => {
      const written = await new LocalScriptWriter().write({ ...request, targetSeconds: seconds })

      for (const text of [written.script]) {
        const list = sentences(text)
        list.slice(1).forEach((sentence, index) => assert.notEqual(sentence, list[index]))
      }
    })

  test('writes the other languages with their own templates', async ({ assert }) => {
    const writer = new LocalScriptWriter()

    const spanish = await writer.write({ ...request, language: 'spanish' })
    const german = await writer.write({ ...request, language: 'german' })

    assert.match(spanish.script, /\b(que|la|el|con|para)\b/)
    assert.match(german.script, /\b(und|die|der|das|mit|für)\b/)
    assert.notMatch(spanish.script, /\bthe\b/)
  })
})
