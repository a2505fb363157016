import { test } from '@japa/runner'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import sharp from 'sharp'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import { libassShaper, npmBuildPath } from '#media/ffmpeg/binaries'
import type { RenderSize, TimedWord } from '#media/providers/contracts'
import { previewWords, renderCaptionPreview } from '#media/render/caption_preview'
import { assDocument, captionsFor } from '#media/render/captions'
import { captionTypeface, SCRIPT_FONTS } from '#media/render/caption_scripts'
import {
  CAPTION_FONTS,
  CAPTION_STYLE_IDS,
  captionOptions,
  type CaptionOptions,
} from '#media/render/caption_styles'
import { fontCoverage } from '#media/render/font_coverage'
import { filterValue } from '#media/render/overlays'
import { renderVideo } from '#media/render/renderer'
import { FRAME_RATE } from '#media/render/types'
import { highlightCentres, highlightSteps } from '#tests/helpers/frames'
import { SCRIPT_SAMPLES } from '#tests/helpers/scripts'

let root: string
let tools: MediaTools

const SQUARE: RenderSize = { width: 240, height: 240 }
const BACKDROP = '0x34495e'
// Karaoke big enough that a short word's highlight is dozens of pixels.
const KARAOKE_FRAME: RenderSize = { width: 640, height: 480 }
const KARAOKE = captionOptions({ style: 'karaoke', size: 'L' })
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff]/gu

/** How many of two same-sized images' pixels differ (by more than 24 over R+G+B). */
async function differingPixels(first: Buffer, second: Buffer) {
  const raw = (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer()
  const [a, b] = await Promise.all([raw(first), raw(second)])
  let count = 0
  for (let index = 0; index < a.length; index += 3) {
    const delta =
      Math.abs(a[index] - b[index]) +
      Math.abs(a[index + 1] - b[index + 1]) +
      Math.abs(a[index + 2] - b[index + 2])
    if (delta > 24) count++
  }
  return count
}

/** The columns a caption's ink spans: where `drawn` differs from `bare`, left to right. */
async function inkWidth(drawn: Buffer, bare: Buffer) {
  const raw = (image: Buffer) =>
    sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const [{ data: a, info }, { data: b }] = await Promise.all([raw(drawn), raw(bare)])
  let left = info.width
  let right = -1
  for (let index = 0; index < a.length; index += 3) {
    const delta =
      Math.abs(a[index] - b[index]) +
      Math.abs(a[index + 1] - b[index + 1]) +
      Math.abs(a[index + 2] - b[index + 2])
    if (delta <= 24) continue
    const column = (index / 3) % info.width
    left = Math.min(left, column)
    right = Math.max(right, column)
  }
  return right - left + 1
}

/**
 * The preview's frame of `text` drawn by libass with one font and nothing
 * to fall back on: where that font lacks a letter, libass draws its tofu.
 */
async function renderInOneFont(
  text: string,
  locale: string,
  options: CaptionOptions,
  font: { family: string; file: string }
) {
  const dir = await mkdtemp(join(root, 'one-font-'))
  const { words, atMs } = previewWords(text, locale)
  const durationMs = Math.max(words.length, 2) * 320
  const fontsDir = join(dir, 'fonts')
  await mkdir(fontsDir)
  await symlink(font.file, join(fontsDir, basename(font.file)))
  const fontconfig = join(dir, 'fonts.conf')
  await writeFile(
    fontconfig,
    `<fontconfig><dir>${fontsDir}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>\n`
  )
  const document = assDocument(
    captionsFor(words, SQUARE, durationMs, options, locale),
    SQUARE,
    options
  ).replace(/^(Style: \w+,)[^,]+/gm, `$1${font.family}`)
  const assPath = join(dir, 'captions.ass')
  await writeFile(assPath, document)
  const outputPath = join(dir, 'frame.png')
  await runFfmpeg(
    tools,
    [
      ...['-f', 'lavfi', '-i'],
      `color=c=${BACKDROP}:s=${SQUARE.width}x${SQUARE.height}:r=${FRAME_RATE}:d=${durationMs / 1000}`,
      ...[
        '-filter:v',
        `subtitles=filename=${filterValue(assPath)}:fontsdir=${filterValue(fontsDir)}`,
      ],
      ...['-ss', String(atMs / 1000), '-frames:v', '1', outputPath],
    ],
    { env: { FONTCONFIG_FILE: fontconfig } }
  )
  return readFile(outputPath)
}

/** The glyphs a font finds for the drawn characters of `text` (joiners and marks of direction draw none). */
async function glyphsFound(text: string, file: string) {
  const coverage = await fontCoverage(file)
  const drawn = Array.from(text.replace(INVISIBLE, '').replace(/\s/g, ''))
  return {
    drawn: drawn.length,
    found: drawn.filter((character) => coverage(character.codePointAt(0)!)).length,
  }
}

/** Karaoke over a plain 3 s scene, the words spoken as given: the video's highlight steps. */
async function karaokeSteps(words: TimedWord[], locale: string, direction: 1 | -1) {
  const size = KARAOKE_FRAME
  const voicePath = join(root, 'silence.wav')
  await runFfmpeg(tools, ['-f', 'lavfi', '-i', 'anullsrc=r=24000:cl=mono', '-t', '3', voicePath])
  const still = await sharp({
    create: { width: size.width, height: size.height, channels: 3, background: '#1d2b3a' },
  })
    .jpeg()
    .toBuffer()
  const outputPath = join(root, `karaoke-${locale}.mp4`)
  await renderVideo({
    scenes: [{ kind: 'still', image: still }],
    sceneSeconds: [3],
    voice: { path: voicePath, words },
    music: null,
    captions: KARAOKE,
    locale,
    size,
    watermark: false,
    workDir: root,
    outputPath,
    thumbnailPath: join(root, `karaoke-${locale}.jpg`),
    tools,
  })
  return highlightSteps(await highlightCentres(outputPath, size, FRAME_RATE), direction)
}

/** Each word's share of the frames that showed it lit (0–1), at least 0.8 when the highlight keeps time. */
function litShare(words: TimedWord[], steps: { frames: number[] }[]) {
  return words.map((spoken, index) => {
    const { frames } = steps[index]
    const from = (frames[0] / FRAME_RATE) * 1000
    const to = ((frames[frames.length - 1] + 1) / FRAME_RATE) * 1000
    return (
      (Math.min(to, spoken.endMs) - Math.max(from, spoken.startMs)) /
      (spoken.endMs - spoken.startMs)
    )
  })
}

function spokenInTurn(texts: string[]): TimedWord[] {
  return texts.map((text, index) => ({
    text,
    startMs: 300 + index * 450,
    endMs: 300 + index * 450 + 400,
  }))
}

test.group('Caption scripts: renders', (group) => {
  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-scripts-'))
    tools = await mediaTools()
    return () => rm(root, { recursive: true, force: true })
  })

  const styles = CAPTION_STYLE_IDS.filter((style) => style !== 'none')
  SCRIPT_SAMPLES.forEach((sample, index) => {
    const style = styles[index % styles.length]
    test(`${sample.script} (${sample.locale}) in ${style}: every glyph drawn, none of them tofu`, async ({
      assert,
    }) => {
      const options = captionOptions({ style, size: 'L' })
      // Latin-only Bebas Neue lacks every other script; Noto Emoji lacks Latin letters.
      const lacking = sample.script.startsWith('Latin')
        ? SCRIPT_FONTS.emoji
        : { family: CAPTION_FONTS['bebas-neue'].family, file: CAPTION_FONTS['bebas-neue'].file }
      const preview = (text: string, chosen: CaptionOptions) =>
        renderCaptionPreview(
          { text, size: SQUARE, options: chosen, locale: sample.locale, workDir: root },
          tools
        )

      const bare = await preview(sample.text, captionOptions({ style: 'none' }))
      const drawn = await preview(sample.text, options)
      const tofu = await renderInOneFont(sample.text, sample.locale, options, lacking)

      // The glyphs: every drawn character has one in the font its run is drawn in; the lacking font misses some.
      const typeface = await captionTypeface(options.font, [sample.text], sample.locale)
      let found = 0
      for (const run of typeface.runs(sample.text)) {
        const glyphs = await glyphsFound(run.text, run.font?.file ?? typeface.font.file)
        found += glyphs.found
      }
      const inLacking = await glyphsFound(sample.text, lacking.file)
      assert.equal(found, inLacking.drawn)
      assert.isBelow(inLacking.found, inLacking.drawn)

      // The pixels: a caption is drawn, and it is not the lacking font's tofu.
      const ink = await differingPixels(drawn, bare)
      assert.isAbove(ink, 100)
      assert.isAbove(await differingPixels(drawn, tofu), ink * 0.2)
    }).timeout(20_000)
  })

  test('Hindi with a HarfBuzz libass (Debian’s ffmpeg): conjuncts are typeset, not spelled with a virama', async ({
    assert,
  }) => {
    // bin/test_services.sh installs Debian's ffmpeg, the one production runs (README, Quick start).
    assert.equal(await libassShaper(tools.ffmpeg), 'complex', 'the system ffmpeg renders the tests')
    const preview = (text: string, style: 'none' | 'phrase') =>
      renderCaptionPreview(
        { text, size: SQUARE, options: captionOptions({ style }), locale: 'hi', workDir: root },
        tools
      )
    const bare = await preview('स्थिति', 'none')
    // U+200C after the virama asks for the consonants apart, as a FriBidi-only libass draws them.
    const conjunct = await inkWidth(await preview('स्थिति', 'phrase'), bare)
    const spelled = await inkWidth(await preview('स्\u200cथिति', 'phrase'), bare)

    assert.isAbove(conjunct, 20)
    assert.isBelow(conjunct, spelled * 0.9)
  }).timeout(20_000)

  test('Hindi with the npm build’s FriBidi-only libass: each vowel sign ि drawn before its consonant, as HarfBuzz draws it', async ({
    assert,
  }) => {
    const npm = await mediaTools({ ffmpeg: npmBuildPath('ffmpeg')! })
    assert.equal(await libassShaper(npm.ffmpeg), 'simple')
    const preview = (text: string, style: 'none' | 'phrase', build: MediaTools) =>
      renderCaptionPreview(
        { text, size: SQUARE, options: captionOptions({ style }), locale: 'hi', workDir: root },
        build
      )
    const shaped = await preview('किताब', 'phrase', tools)
    const simple = await preview('किताब', 'phrase', npm)
    const withoutSign = await preview('कताब', 'phrase', tools)

    assert.isAbove(await differingPixels(shaped, await preview('किताब', 'none', tools)), 100)
    // Drawn after क, the sign would be missing where HarfBuzz puts it and extra beside: twice this.
    const oneSign = await differingPixels(shaped, withoutSign)
    assert.isBelow(await differingPixels(simple, shaped), oneSign / 2)
  }).timeout(20_000)

  test('Arabic karaoke: the first word spoken is the right-most, the highlight moves right to left', async ({
    assert,
  }) => {
    const words = spokenInTurn(['صعد', 'الحارس', 'كل', 'ليلة.'])
    const [caption, ...more] = captionsFor(words, KARAOKE_FRAME, 3000, KARAOKE, 'ar')
    assert.lengthOf(more, 0)
    assert.lengthOf(caption.lines, 1)

    const steps = await karaokeSteps(words, 'ar', -1)

    assert.lengthOf(steps, words.length)
    assert.equal(Math.max(...steps.map((step) => step.centre)), steps[0].centre)
    for (const share of litShare(words, steps)) assert.isAtLeast(share, 0.8)
  }).timeout(30_000)

  test('Japanese karaoke: the highlight lands on each word Intl.Segmenter finds, left to right', async ({
    assert,
  }) => {
    // The voice times the sentence as one word: the captions cut it into the language's words.
    const spoken: TimedWord[] = [{ text: '毎晩階段を上った', startMs: 300, endMs: 2700 }]
    const [caption, ...more] = captionsFor(spoken, KARAOKE_FRAME, 3000, KARAOKE, 'ja')
    assert.lengthOf(more, 0)
    assert.lengthOf(caption.lines, 1)
    assert.isAbove(caption.words.length, 2)

    const steps = await karaokeSteps(spoken, 'ja', 1)

    assert.lengthOf(steps, caption.words.length)
    assert.equal(Math.min(...steps.map((step) => step.centre)), steps[0].centre)
    for (const share of litShare(caption.words, steps)) assert.isAtLeast(share, 0.8)
  }).timeout(30_000)
})
