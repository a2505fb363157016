/**
 * A finished video's post (docs/product.md, Ready to post): the title,
 * description and hashtags a customer's posting flow publishes it with. The
 * limits are the edit form's, the validator's and the script writers', so a
 * written post is always one the customer could have typed. Lengths are
 * counted as the validator and a browser's `maxlength` count them (UTF-16
 * units); a hashtag's 50 as characters.
 */

export type VideoPost = {
  title: string
  description: string
  /** Each `#` and a word, in the order they were written. */
  hashtags: string[]
}

export const POST_TITLE_MAX = 100
export const POST_DESCRIPTION_MAX = 2000
export const POST_HASHTAGS_MIN = 3
export const POST_HASHTAGS_MAX = 8
export const HASHTAG_MAX = 50

/**
 * `#` and up to 49 letters (with their accents and vowel signs), digits or
 * underscores, in any script: #coffee, #café_au_lait, #コーヒー, #قهوة, #कॉफ़ी.
 */
export const HASHTAG = new RegExp(`^#[\\p{L}\\p{M}\\p{N}_]{1,${HASHTAG_MAX - 1}}$`, 'u')

/** What a hashtag may hold after its `#`. */
export const HASHTAG_CHARACTERS = /[\p{L}\p{M}\p{N}_]/u
