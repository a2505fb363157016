import type { TimedWord } from '#media/providers/contracts'
import { captionsFor, type Caption } from '#media/render/captions'
import { DEFAULT_CAPTIONS } from '#media/render/caption_styles'

// Cues are grouped as the phrase style groups them on a 9:16 720p frame: short, two lines at most.
const CUE_FRAME = { width: 720, height: 1280 }

/**
 * The captions of a video as SRT and WebVTT files, from the same word
 * timings its burned-in captions follow (docs/product.md, Captions), in
 * the creator's own case whatever the style draws; `locale` (BCP-47) as
 * captionsFor takes it.
 */
export function captionFiles(words: TimedWord[], durationMs: number, locale?: string) {
  const cues = captionsFor(words, CUE_FRAME, durationMs, DEFAULT_CAPTIONS, locale)
  return { srt: srtDocument(cues), vtt: vttDocument(cues) }
}

function srtDocument(cues: Caption[]) {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${timestamp(cue.startMs, ',')} --> ${timestamp(cue.endMs, ',')}\n` +
        `${cue.lines.map(cueText).join('\n')}\n`
    )
    .join('\n')
}

function vttDocument(cues: Caption[]) {
  const body = cues.map(
    (cue) =>
      `${timestamp(cue.startMs, '.')} --> ${timestamp(cue.endMs, '.')}\n` +
      `${cue.lines.map((line) => escapeVtt(cueText(line))).join('\n')}\n`
  )
  return ['WEBVTT\n', ...body].join('\n')
}

function timestamp(ms: number, separator: ',' | '.') {
  const whole = Math.round(ms)
  const two = (value: number) => String(value).padStart(2, '0')
  const hours = Math.floor(whole / 3_600_000)
  const minutes = Math.floor(whole / 60_000) % 60
  const seconds = Math.floor(whole / 1000) % 60
  return `${two(hours)}:${two(minutes)}:${two(seconds)}${separator}${String(whole % 1000).padStart(3, '0')}`
}

/** A cue line is one line: the unbreakable spaces captions keep inside a word are plain here. */
function cueText(line: string) {
  return line.replace(/\u00a0/g, ' ')
}

/** WebVTT reads `<` as a tag and `&` as an entity; `-->` would end the timing line. */
function escapeVtt(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
