import { test } from '@japa/runner'
import { captionLayout, captionsFor, wrap } from '#media/render/captions'
import { filterValue } from '#media/render/overlays'
import type { TimedWord } from '#media/providers/contracts'
import { resolutionFor } from '#media/render/types'

/** Words of 400 ms each, back to back unless a pause follows one. */
function timed(text: string, pauseAfter: Record<number, number> = {}): TimedWord[] {
  let at = 0
  return text.split(' ').map((word, index) => {
    const startMs = at
    at += 400
    const endMs = at
    at += pauseAfter[index] ?? 0
    return { text: word, startMs, endMs }
  })
}

const PORTRAIT = { width: 720, height: 1280 }

test.group('resolutionFor', () => {
  test('{aspectRatio} at {quality} is {width}x{height}')
    .with([
      { aspectRatio: '9:16', quality: '720p', width: 720, height: 1280 },
      { aspectRatio: '9:16', quality: '1080p', width: 1080, height: 1920 },
      { aspectRatio: '1:1', quality: '720p', width: 720, height: 720 },
      { aspectRatio: '1:1', quality: '1080p', width: 1080, height: 1080 },
      { aspectRatio: '16:9', quality: '720p', width: 1280, height: 720 },
      { aspectRatio: '16:9', quality: '1080p', width: 1920, height: 1080 },
    ] as const)
    .run(({ assert }, { aspectRatio, quality, width, height }) => {
      assert.deepEqual(resolutionFor(aspectRatio, quality), { width, height })
    })
})

test.group('Captions', () => {
  test('groups words into short captions that end with their sentence', ({ assert }) => {
    const words = timed(
      'Every night for forty years the old keeper climbed the spiral stairs of the lighthouse. ' +
        'He never missed an evening. Sailors across the bay, every one of them, trusted his lamp.'
    )

    const captions = captionsFor(words, PORTRAIT, 60_000)

    const texts = captions.map((caption) => caption.lines.join(' '))
    assert.equal(texts.join(' '), words.map((word) => word.text).join(' '))
    for (const text of texts) {
      assert.isAtMost(text.split(' ').length, 6, text)
    }
    assert.include(texts, 'He never missed an evening.')
    assert.isTrue(texts.some((text) => text.endsWith('lighthouse.')))
  })

  test('shows a caption from its first word until the next across short pauses', ({ assert }) => {
    const words = timed('One two three four. Five six seven eight. Nine ten eleven twelve.', {
      3: 200,
      7: 2000,
    })

    const [first, second, third] = captionsFor(words, PORTRAIT, 60_000)

    assert.deepEqual([first.startMs, first.endMs], [0, words[4].startMs])
    // A two-second pause is not bridged: the caption goes when its last word ends.
    assert.deepEqual([second.startMs, second.endMs], [words[4].startMs, words[7].endMs])
    assert.equal(third.startMs, words[8].startMs)
  })

  test('no caption runs across a pause, so none spans two scenes', ({ assert }) => {
    // One sentence told over two scenes: the second scene's words come after a pause.
    const words = timed('The boat comes home and the gulls follow it in', { 3: 600 })

    const captions = captionsFor(words, PORTRAIT, 60_000)

    assert.deepEqual(
      captions.map((caption) => caption.lines.join(' ')),
      ['The boat comes home', 'and the gulls follow it in']
    )
    assert.equal(captions[0].endMs, words[3].endMs)
  })

  test('drops words after the end of the video and cuts the last caption there', ({ assert }) => {
    const words = timed('a b c d e f g h i j k l m n o p q r s t')

    const captions = captionsFor(words, PORTRAIT, 3000)

    assert.isTrue(captions.every((caption) => caption.startMs < 3000 && caption.endMs <= 3000))
    assert.equal(captions.at(-1)!.endMs, 3000)
  })

  test('wraps a caption too wide for the frame onto two balanced lines', ({ assert }) => {
    const narrow = { width: 180, height: 320 }
    const { maxLineChars } = captionLayout(narrow)

    const lines = wrap(['extraordinarily', 'long', 'words', 'everywhere'], maxLineChars)

    assert.lengthOf(lines, 2)
    assert.isTrue(lines.every((line) => line.length <= maxLineChars))
  })

  test('sizes text from the shorter side, whatever the orientation', ({ assert }) => {
    const portrait = captionLayout({ width: 720, height: 1280 })
    const landscape = captionLayout({ width: 1280, height: 720 })

    assert.equal(portrait.fontSize, landscape.fontSize)
    assert.isAbove(captionLayout({ width: 1080, height: 1920 }).fontSize, portrait.fontSize)
  })
})

test.group('Filter values', () => {
  test('escapes option and graph separators in paths', ({ assert }) => {
    assert.equal(filterValue('/tmp/a b/c.ass'), '/tmp/a b/c.ass')
    assert.equal(filterValue("/tmp/it's:here,[x];"), "/tmp/it\\\\\\'s\\\\:here\\,\\[x\\]\\;")
  })
})
