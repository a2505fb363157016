import { test } from '@japa/runner'
import type { TimedWord } from '#media/providers/contracts'
import { assDocument, captionLayout, captionsFor, lineUnits } from '#media/render/captions'
import { libassShaper } from '#media/ffmpeg/binaries'
import { mediaTools } from '#media/ffmpeg/tools'
import {
  captionTypeface,
  drawnOrder,
  readsRightToLeft,
  SCRIPT_FONTS,
  splitUnspaced,
} from '#media/render/caption_scripts'
import {
  CAPTION_FONT_IDS,
  CAPTION_STYLE_IDS,
  CAPTION_STYLES,
  captionOptions,
} from '#media/render/caption_styles'
import { fontCoverage } from '#media/render/font_coverage'
import { SCRIPT_SAMPLES } from '#tests/helpers/scripts'

const PORTRAIT = { width: 720, height: 1280 }
const LATIN = `Red lamps, "guide" us home! It's 9:30 & 100% (ok)?`
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff]/u

/** Words as a voice speaks them: one per space-separated piece, 400 ms each. */
function timed(text: string): TimedWord[] {
  return text.split(' ').map((word, index) => ({
    text: word,
    startMs: index * 400,
    endMs: index * 400 + 380,
  }))
}

/** The word boundaries Intl.Segmenter finds in `text`, as character offsets. */
function boundaries(text: string, locale: string) {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' })
  return new Set(Array.from(segmenter.segment(text), (part) => part.index).concat(text.length))
}

function dialogues(document: string) {
  return document
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => line.split(',').slice(9).join(','))
}

test.group('Caption scripts: line breaking', () => {
  const unspaced = [
    { locale: 'ja', text: '灯台守は毎晩らせん階段を上り、海を照らす灯りをともしました。' },
    { locale: 'zh-Hans', text: '四十年来，老看守人每天晚上都爬上灯塔的螺旋楼梯，点亮灯光。' },
    { locale: 'th', text: 'ผู้ดูแลประภาคารปีนบันไดวนขึ้นไปทุกคืนเพื่อจุดไฟให้เรือ' },
  ]

  for (const { locale, text } of unspaced) {
    test(`${locale}: words from Intl.Segmenter, lines broken only between them, no spaces added`, ({
      assert,
    }) => {
      const words = splitUnspaced(text, locale)
      const cuts = boundaries(text, locale)
      assert.isAbove(words.length, 5)
      assert.equal(words.join(''), text)
      let offset = 0
      for (const word of words) {
        assert.isTrue(cuts.has(offset), `${word} starts on a word boundary`)
        offset += word.length
      }

      // The voice gave the whole sentence as one timed word: captions still break between words.
      const spoken = [{ text, startMs: 0, endMs: 6000 }]
      const options = captionOptions({ style: 'karaoke' })
      const narrow = { width: 360, height: 640 }
      const captions = captionsFor(spoken, narrow, 60_000, options, locale)
      const { maxLineChars, widthScale } = captionLayout(narrow, options)
      assert.isAbove(captions.length, 1)
      assert.equal(captions.flatMap((caption) => caption.lines).join(''), text)
      for (const caption of captions) {
        assert.equal(
          caption.lineWords.reduce((sum, count) => sum + count, 0),
          caption.words.length
        )
        for (const line of caption.lines) {
          assert.notInclude(line, ' ')
          assert.isAtMost(lineUnits(line, widthScale), maxLineChars, line)
        }
      }
      // Every caption and line starts where a word does.
      let at = 0
      for (const line of captions.flatMap((caption) => caption.lines)) {
        assert.isTrue(cuts.has(at), `"${line}" starts on a word boundary`)
        at += line.length
      }
      // The spoken time is shared out in order, from the first word's start to the last's end.
      const all = captions.flatMap((caption) => caption.words)
      assert.equal(all[0].startMs, 0)
      assert.equal(all[all.length - 1].endMs, 6000)
      all.slice(1).forEach((word, index) => assert.isAtLeast(word.startMs, all[index].endMs))
    })
  }

  test('spaced languages keep their words, their spaces and their capitals', ({ assert }) => {
    const options = captionOptions({ style: 'karaoke', uppercase: true })
    const [turkish] = captionsFor(timed('istanbul ışıkları'), PORTRAIT, 60_000, options, 'tr')
    const [greek] = captionsFor(timed('Ο φύλακας'), PORTRAIT, 60_000, options, 'el')
    const [korean] = captionsFor(timed('등대지기는 매일 밤'), PORTRAIT, 60_000, options, 'ko')

    assert.equal(turkish.lines.join(' '), 'İSTANBUL IŞIKLARI')
    assert.equal(greek.lines.join(' '), 'Ο ΦΥΛΑΚΑΣ')
    assert.equal(korean.lines.join(' '), '등대지기는 매일 밤')
    assert.lengthOf(korean.words, 3)
  })

  test('a locale Intl does not know falls back to the text', ({ assert }) => {
    const [caption] = captionsFor(timed('灯台守は毎晩'), PORTRAIT, 60_000, undefined, 'no_such!')

    assert.isAbove(caption.words.length, 1)
    assert.equal(caption.lines.join(''), '灯台守は毎晩')
  })

  test('a word too wide for a line is cut between letters, never inside one', ({ assert }) => {
    const hindi = 'स्थितिस्थापकता'.repeat(4)
    const captions = captionsFor(timed(hindi), { width: 180, height: 320 }, 60_000)
    const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' })
    const clusters = new Set(Array.from(graphemes.segment(hindi), (part) => part.index))

    assert.isAbove(captions[0].words.length, 1)
    let at = 0
    for (const word of captions.flatMap((caption) => caption.words)) {
      assert.isTrue(clusters.has(at), `${word.text} starts a letter`)
      at += word.text.length
    }
  })
})

test.group('Caption scripts: right to left', () => {
  test('Arabic and Hebrew read right to left by their locale or, without one, their letters', ({
    assert,
  }) => {
    assert.isTrue(readsRightToLeft('صعد الحارس', 'ar'))
    assert.isTrue(readsRightToLeft('השומר עלה', 'he'))
    assert.isTrue(readsRightToLeft('iPhone 15 השומר', 'he'))
    assert.isTrue(readsRightToLeft('השומר עלה', undefined))
    assert.isFalse(readsRightToLeft('iPhone 15 השומר', undefined))
    // An all-Latin caption in an Arabic video stays left to right.
    assert.isFalse(readsRightToLeft('iPhone 15', 'ar'))
    assert.isFalse(readsRightToLeft('The keeper', 'en'))
  })

  test('the words stay in spoken order, each line a right-to-left paragraph; the mark keeps a Latin start right to left', async ({
    assert,
  }) => {
    const options = captionOptions({ style: 'karaoke' })
    const words = timed('iPhone 15 صعد الحارس الدرج.')
    const captions = captionsFor(words, PORTRAIT, 60_000, options, 'ar')
    const typeface = await captionTypeface(
      options.font,
      captions.flatMap((caption) => caption.lines),
      'ar'
    )
    const document = assDocument(captions, PORTRAIT, options, { typeface, locale: 'ar' })
    const texts = dialogues(document)

    assert.match(document, /^Style: Caption,.*,-1$/m)
    assert.lengthOf(texts, words.length)
    for (const text of texts) {
      const lines = text.replace(/\{[^}]*\}/g, '').split('\\N')
      for (const line of lines) assert.isTrue(line.startsWith('\u200f'), line)
      // Logical order with the full stop last: the bidi algorithm puts it on the left.
      assert.equal(lines.map((line) => line.slice(1)).join(' '), 'iPhone 15 صعد الحارس الدرج.')
    }
    assert.include(
      texts[2],
      `{\\1c&H004DE1FF}{\\fnNoto Sans Arabic\\fs60}صعد{\\fnMontserrat ExtraBold\\fs50}{\\r}`
    )
  })

  test('Latin captions are written exactly as before languages: no marks, no font changes', async ({
    assert,
  }) => {
    for (const style of CAPTION_STYLE_IDS) {
      const options = captionOptions({ style })
      const captions = captionsFor(timed(LATIN), PORTRAIT, 60_000, options)
      const typeface = await captionTypeface(options.font, [LATIN])
      assert.equal(
        assDocument(captions, PORTRAIT, options, { typeface, locale: 'en' }),
        assDocument(captions, PORTRAIT, options),
        style
      )
    }
  })
})

test.group('Caption scripts: fonts', () => {
  test('every caption font draws every script without a missing glyph, through its fallbacks', async ({
    assert,
  }) => {
    for (const sample of SCRIPT_SAMPLES) {
      for (const font of CAPTION_FONT_IDS) {
        const typeface = await captionTypeface(font, [sample.text], sample.locale)
        const runs = typeface.runs(sample.text)
        const where = `${sample.script} in ${font}`
        // Nothing lost or added: the runs are the text.
        assert.equal(runs.map((run) => run.text).join(''), sample.text, where)
        let glyphs = 0
        for (const run of runs) {
          const coverage = await fontCoverage(run.font?.file ?? typeface.font.file)
          for (const character of run.text) {
            if (INVISIBLE.test(character)) continue
            assert.isTrue(
              coverage(character.codePointAt(0)!),
              `${where}: U+${character.codePointAt(0)!.toString(16)} in ${run.font?.family ?? font}`
            )
            glyphs++
          }
        }
        assert.equal(glyphs, Array.from(sample.text.replace(INVISIBLE, '')).length, where)
        if (sample.font) {
          assert.isTrue(
            runs.some((run) => run.font?.id === sample.font),
            `${where} uses ${sample.font}`
          )
        }
      }
    }
  })

  test('every caption style lays every script out within the frame it plans for', ({ assert }) => {
    for (const sample of SCRIPT_SAMPLES) {
      for (const style of CAPTION_STYLE_IDS) {
        const options = captionOptions({ style })
        const captions = captionsFor(timed(sample.text), PORTRAIT, 60_000, options, sample.locale)
        const { maxLineChars, widthScale } = captionLayout(PORTRAIT, options)
        const where = `${sample.script} in ${style}`
        assert.isAbove(captions.length, 0, where)
        for (const caption of captions) {
          assert.isAtMost(caption.lines.length, 2, where)
          assert.isAtMost(caption.words.length, CAPTION_STYLES[style].words.most, where)
          for (const line of caption.lines) {
            if (caption.words.length > 1) {
              assert.isAtMost(lineUnits(line, widthScale), maxLineChars, `${where}: ${line}`)
            }
          }
        }
      }
    }
  })

  test('Han takes its Japanese or Chinese forms from the locale, else from kana beside it', async ({
    assert,
  }) => {
    const hanFont = async (text: string, locale?: string) => {
      const typeface = await captionTypeface('montserrat', [text], locale)
      return typeface.runs(text).find((run) => run.text.includes('海'))?.font?.id
    }

    assert.equal(await hanFont('海', 'ja'), 'japanese')
    assert.equal(await hanFont('海', 'zh-Hans'), 'chinese')
    assert.equal(await hanFont('海', 'ko'), 'korean')
    assert.equal(await hanFont('海を見る'), 'japanese')
    assert.equal(await hanFont('看海'), 'chinese')
  })

  test('mixed text: a brand in Arabic, digits in Hindi, emoji and joiners each find their font', async ({
    assert,
  }) => {
    const typeface = await captionTypeface(
      'montserrat',
      ['مرحبا iPhone ١٥', 'संख्या 2024 में', 'Party 👨‍👩‍👧 time'],
      'hi'
    )
    const fonts = (text: string) =>
      typeface.runs(text).map((run) => [run.text, run.font?.id ?? 'style'])

    assert.deepEqual(fonts('مرحبا iPhone ١٥'), [
      ['مرحبا ', 'arabic'],
      ['iPhone ', 'style'],
      ['١٥', 'arabic'],
    ])
    assert.deepEqual(fonts('संख्या 2024 में'), [['संख्या 2024 में', 'devanagari']])
    assert.deepEqual(fonts('Party 👨‍👩‍👧 time'), [
      ['Party ', 'style'],
      ['👨‍👩‍👧', 'emoji'],
      [' time', 'style'],
    ])
    assert.sameMembers(
      typeface.usedFonts().map((font) => font.id),
      ['arabic', 'devanagari', 'emoji']
    )
    assert.equal(SCRIPT_FONTS.emoji.family, 'Noto Emoji')
  })

  test('Devanagari: the vowel sign ि goes before its letter, conjunct and all, only for a libass without HarfBuzz', async ({
    assert,
  }) => {
    assert.equal(drawnOrder('किताब दिन', 'hi'), '\u093fकताब \u093fदन')
    assert.equal(drawnOrder('स्थिति', 'hi'), '\u093fस्थ\u093fत')
    assert.equal(drawnOrder('रखवाला', 'hi'), 'रखवाला')

    const options = captionOptions({ style: 'phrase' })
    const captions = captionsFor(timed('किताब'), PORTRAIT, 60_000, options, 'hi')
    const typeface = await captionTypeface(options.font, ['किताब'], 'hi')
    const simple = assDocument(captions, PORTRAIT, options, { typeface, simpleShaper: true })
    const complex = assDocument(captions, PORTRAIT, options, { typeface })
    assert.include(dialogues(simple)[0], '\u093fकताब')
    assert.include(dialogues(complex)[0], 'किताब')

    const tools = await mediaTools()
    const shaper = await libassShaper(tools.ffmpeg)
    assert.equal(shaper === null, !tools.filters.has('subtitles'))
  }).timeout(10_000)
})
