/** How much of its prompt a video's title keeps (docs/product.md, Player: Download). */
export const TITLE_CHARACTERS = 60

/**
 * What no file name should hold: control and bidi-override characters (a
 * right-to-left override can dress "gpj.exe" up as "exe.jpg"), path
 * separators, quotes and the characters Windows forbids.
 */
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069"\\/<>:|?*]/gu
/** What a title does not end on: spaces and sentence punctuation ("cliff." → "cliff"). */
const LOOSE_ENDS = /[\s\p{Po}]+$/u
/** What a quoted `filename` parameter may carry: printable ASCII, no quote, backslash or `%`. */
const NOT_QUOTABLE = /[^\x20-\x7E]|["\\%]/g

function tidy(text: string) {
  return text
    .replace(/\s+/g, ' ')
    .replace(LOOSE_ENDS, '')
    .replace(/^[\s.]+/, '')
}

/** The first `TITLE_CHARACTERS` characters, cut at a word's end when there is one to cut at. */
function shortened(text: string) {
  const characters = [...text]
  if (characters.length <= TITLE_CHARACTERS) return text
  const cut = characters.slice(0, TITLE_CHARACTERS).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return lastSpace > TITLE_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut
}

/** RFC 8187's value-chars: everything but attr-char percent-encoded. */
function extendedValue(text: string) {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`
  )
}

/**
 * The name Download saves a video under, `<title>.mp4`, and the
 * Content-Disposition that says so (RFC 6266): `attachment`, a quoted ASCII
 * `filename` every browser reads and, for a title beyond ASCII, the exact
 * name as `filename*` in UTF-8. The title is the prompt as the player shows
 * it, made safe as a file name; one left with nothing to show is
 * `reelforge-video-<id>`.
 */
export function videoDownload(videoId: number, prompt: string) {
  const fallback = `reelforge-video-${videoId}`
  const title = tidy(shortened(tidy(prompt.normalize('NFC').replace(UNSAFE, ' ')))) || fallback
  // Accents come off ("Café" → "Cafe"); words of other scripts would be lost, so the id stands in.
  const unaccented = title.normalize('NFKD').replace(/\p{M}/gu, '')
  const ascii = /[^\p{ASCII}]/u.test(unaccented.replace(/[^\p{L}\p{N}]/gu, ''))
    ? fallback
    : tidy(unaccented.replace(NOT_QUOTABLE, ' ')) || fallback
  const fileName = `${title}.mp4`
  const asciiName = `${ascii}.mp4`
  const contentDisposition =
    asciiName === fileName
      ? `attachment; filename="${asciiName}"`
      : `attachment; filename="${asciiName}"; filename*=UTF-8''${extendedValue(fileName)}`
  return { fileName, contentDisposition }
}
