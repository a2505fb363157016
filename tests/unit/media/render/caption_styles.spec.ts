import { test } from '@japa/runner'
import type { TimedWord } from '#media/providers/contracts'
import { assDocument, captionLayout, captionsFor } from '#media/render/captions'
import {
  CAPTION_FONTS,
  CAPTION_STYLE_IDS,
  captionOptions,
  type CaptionStyleId,
} from '#media/render/caption_styles'

const PORTRAIT = { width: 720, height: 1280 }

function timed(text: string): TimedWord[] {
  return text.split(' ').map((word, index) => ({
    text: word,
    startMs: index * 500,
    endMs: index * 500 + 400,
  }))
}

/** The document's dialogue lines as fields: layer, times, style and text. */
function events(style: CaptionStyleId, words: TimedWord[], extra = {}) {
  const options = captionOptions({ style, ...extra })
  const document = assDocument(captionsFor(words, PORTRAIT, 60_000, options), PORTRAIT, options)
  return document
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',')
      return {
        layer: Number(fields[0]),
        start: fields[1],
        end: fields[2],
        style: fields[3],
        text: fields.slice(9).join(','),
      }
    })
}

/** The text with every override block taken out: what is drawn. */
function drawn(text: string) {
  return text.replace(/\{[^}]*\}/g, '').replace(/\\N/g, ' ')
}

const WORDS = timed('Red lamps guide us home.')
// &HAABBGGRR of the default highlight #FFE14D and of hook's key word colour #3DF56B.
const YELLOW = '&H004DE1FF'
const GREEN = '&H006BF53D'

test.group('Caption styles: ASS documents', () => {
  test('phrase: one event per caption, white on a black outline, as before', ({ assert }) => {
    const [event, ...rest] = events('phrase', WORDS)

    assert.lengthOf(rest, 0)
    assert.equal(drawn(event.text), 'Red lamps guide us home.')
    assert.equal([event.start, event.end].join('-'), '0:00:00.00-0:00:02.40')
  })

  test('karaoke: one event per word, the highlight on that word from its start to the next', ({
    assert,
  }) => {
    const karaoke = events('karaoke', WORDS)

    assert.lengthOf(karaoke, WORDS.length)
    karaoke.forEach((event, index) => {
      assert.equal(drawn(event.text), 'Red lamps guide us home.')
      const highlighted = /\{\\1c&H[0-9A-F]{8}\}([^{]*)\{\\r\}/.exec(event.text)
      assert.equal(highlighted?.[1], WORDS[index].text)
      assert.include(event.text, YELLOW)
    })
    assert.deepEqual(
      karaoke.map((event) => event.start),
      ['0:00:00.00', '0:00:00.50', '0:00:01.00', '0:00:01.50', '0:00:02.00']
    )
    assert.deepEqual(
      karaoke.map((event) => event.end),
      ['0:00:00.50', '0:00:01.00', '0:00:01.50', '0:00:02.00', '0:00:02.40']
    )
  })

  test('one word: each word alone, in the middle, popping in from smaller', ({ assert }) => {
    const word = events('word', WORDS)

    assert.deepEqual(
      word.map((event) => drawn(event.text)),
      ['RED', 'LAMPS', 'GUIDE', 'US', 'HOME.']
    )
    for (const event of word) assert.match(event.text, /^\{\\fscx70\\fscy70\\t\(0,90,\\fscx100/)
  })

  test('boxed: the phrase, and over it a box that shows only the spoken word', ({ assert }) => {
    const [phrase, ...boxes] = events('boxed', WORDS)

    assert.equal(phrase.style, 'Caption')
    assert.lengthOf(boxes, WORDS.length)
    boxes.forEach((box, index) => {
      assert.equal(box.style, 'Box')
      assert.equal(box.layer, 1)
      const shown = box.text.split('{\\alpha&H00&}')[1].split('{')[0]
      assert.equal(shown, WORDS[index].text)
    })
  })

  test('hook: capitals, the spoken word in the highlight and the key word in green', ({
    assert,
  }) => {
    const hook = events('hook', timed('Nobody believed the lighthouse keeper'))

    assert.isTrue(hook.every((event) => drawn(event.text) === drawn(event.text).toUpperCase()))
    const first = hook[0]
    assert.include(first.text, `{\\1c${YELLOW}}NOBODY{\\r}`)
    assert.include(first.text, `{\\1c${GREEN}}BELIEVED{\\r}`)
  })

  test('minimal: smaller than phrase, a hairline of the text colour, a soft shadow', ({
    assert,
  }) => {
    const minimal = captionLayout(PORTRAIT, captionOptions({ style: 'minimal' }))
    const phrase = captionLayout(PORTRAIT, captionOptions({ style: 'phrase' }))

    assert.isBelow(minimal.fontSize, phrase.fontSize)
    assert.isAbove(minimal.blur, 0)
    const options = captionOptions({ style: 'minimal', textColor: '#112233' })
    const document = assDocument(captionsFor(WORDS, PORTRAIT, 60_000, options), PORTRAIT, options)
    assert.include(document, ',&H00332211,&H004DE1FF,&H00332211,')
  })

  test('the chosen font, colours, size and position are in the style line', ({ assert }) => {
    const options = captionOptions({
      style: 'karaoke',
      font: 'bebas-neue',
      textColor: '#00ff00',
      highlightColor: '#FF0000',
      position: 'top',
      size: 'L',
    })
    const document = assDocument(captionsFor(WORDS, PORTRAIT, 60_000, options), PORTRAIT, options)
    const style = document.split('\n').find((line) => line.startsWith('Style: Caption,'))!
    const fields = style.slice('Style: '.length).split(',')

    assert.equal(fields[1], CAPTION_FONTS['bebas-neue'].family)
    assert.equal(fields[2], String(Math.round(720 * 0.07 * 1.25)))
    assert.equal(fields[3], '&H0000FF00')
    assert.equal(fields[4], '&H000000FF')
    // Numpad 8: top centre.
    assert.equal(fields[18], '8')
  })

  test('sizes come from the shorter side: 720p, 1080p and 2160p look alike at every shape', ({
    assert,
  }) => {
    for (const style of CAPTION_STYLE_IDS) {
      const options = captionOptions({ style })
      const small = captionLayout({ width: 720, height: 1280 }, options).fontSize
      assert.equal(captionLayout({ width: 1280, height: 720 }, options).fontSize, small)
      assert.equal(captionLayout({ width: 720, height: 720 }, options).fontSize, small)
      assert.closeTo(captionLayout({ width: 2160, height: 3840 }, options).fontSize, small * 3, 2)
    }
  })

  test('on 9:16 captions keep clear of the bottom fifth and the button column', ({ assert }) => {
    for (const style of CAPTION_STYLE_IDS) {
      const layout = captionLayout(PORTRAIT, captionOptions({ style }))
      assert.isAtLeast(layout.marginVertical, PORTRAIT.height * 0.2, style)
      assert.isAtLeast(layout.marginRight, PORTRAIT.width * 0.15, style)
    }
  })

  test('hostile words draw as text: no override tag, escape or line break gets in', ({
    assert,
  }) => {
    const hostile = timed(
      [
        '{\\fs200\\c&H0000FF&}big',
        'back\\Nslash\\h',
        '\u202Eevil\u202C',
        'emoji🎉',
        'zero\u200Bwidth\uFEFF',
        `nul\u0000byte`,
        'new\nline',
        'x'.repeat(300),
      ].join(' ')
    )

    for (const style of CAPTION_STYLE_IDS) {
      for (const event of events(style, hostile)) {
        const text = drawn(event.text)
        assert.notInclude(text, '{', style)
        assert.notInclude(text, '}', style)
        assert.notInclude(text, '\\', style)
        assert.notInclude(event.text, '\u0000', style)
        assert.notInclude(event.text, '\n', style)
        // The only override blocks are the generator's own.
        for (const block of event.text.match(/\{[^}]*\}/g) ?? []) {
          assert.match(block, /^\{(\\(1c|fscx|fscy|t|r|blur|alpha)[^\\}]*)+\}$/, style)
        }
      }
    }
  })

  test('a word too long for a line is cut into pieces that wrap, none shrunk away', ({
    assert,
  }) => {
    const captions = events('phrase', timed(`Look ${'W'.repeat(300)}`))
    const text = captions.map((event) => drawn(event.text).replace(/ /g, '')).join('')

    assert.include(text, 'W'.repeat(300))
    for (const event of captions) {
      const scale = Number(/\\fscx(\d+)/.exec(event.text)?.[1] ?? 100)
      assert.isAtLeast(scale, 50)
    }
  })
})
