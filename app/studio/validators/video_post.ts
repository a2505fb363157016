import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { described } from '#core/openapi/described'
import {
  HASHTAG,
  HASHTAG_MAX,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
} from '#shared/video_post'

const HASHTAG_RULE =
  `Each hashtag is # followed by letters, digits or underscores (no spaces or punctuation), ` +
  `up to ${HASHTAG_MAX} characters, like #coffee.`

/** Platforms read #Coffee and #coffee as one hashtag: the list says each once. */
const distinctIgnoringCase = vine.createRule((value, _options, field) => {
  if (!Array.isArray(value)) return
  const tags = value.filter((tag): tag is string => typeof tag === 'string')
  if (new Set(tags.map((tag) => tag.toLowerCase())).size !== tags.length) {
    field.report('Each hashtag may appear only once.', 'distinctIgnoringCase', field)
  }
})

/**
 * A finished video's post, edited (docs/product.md, Ready to post): the
 * fields sent replace the post's, the others stay.
 */
export const videoPostValidator = vine.create({
  title: described(
    vine.string().trim().minLength(1).maxLength(POST_TITLE_MAX).optional(),
    `The title, 1 to ${POST_TITLE_MAX} characters.`
  ),
  description: described(
    vine.string().trim().maxLength(POST_DESCRIPTION_MAX).optional(),
    `The description, up to ${POST_DESCRIPTION_MAX} characters (may be empty).`
  ),
  hashtags: described(
    vine
      .array(vine.string().trim().regex(HASHTAG))
      .minLength(POST_HASHTAGS_MIN)
      .maxLength(POST_HASHTAGS_MAX)
      .use(distinctIgnoringCase())
      .optional(),
    `The hashtags, ${POST_HASHTAGS_MIN} to ${POST_HASHTAGS_MAX} in order, such as ` +
      `["#coffee", "#カフェ", "#قهوة"]: ${HASHTAG_RULE}`
  ),
})

const HASHTAG_COUNT = `A post has ${POST_HASHTAGS_MIN} to ${POST_HASHTAGS_MAX} hashtags.`

videoPostValidator.messagesProvider = new SimpleMessagesProvider({
  'title.string': 'The title is text.',
  'title.minLength': 'Please give the video a title.',
  'title.maxLength': `A title is limited to ${POST_TITLE_MAX} characters.`,
  'description.string': 'The description is text.',
  'description.maxLength': `A description is limited to ${POST_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
  'hashtags.array': `hashtags is a list such as ["#coffee", "#morning", "#barista"].`,
  'hashtags.array.minLength': HASHTAG_COUNT,
  'hashtags.array.maxLength': HASHTAG_COUNT,
  'hashtags.*.string': HASHTAG_RULE,
  'hashtags.*.regex': HASHTAG_RULE,
})

export type VideoPostInput = Infer<typeof videoPostValidator>
