import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { databaseId } from '#core/database_id'
import { described } from '#core/openapi/described'
import { SCENE_SECONDS } from '#studio/models/scene'

const messages = new SimpleMessagesProvider({
  'prompt.required': 'A scene needs a prompt.',
  'prompt.minLength': 'A scene needs a prompt.',
  'prompt.maxLength': 'Scene prompts are limited to 2,000 characters.',
  'duration.in': 'Each scene is 5 seconds.',
  'duration.number': 'Each scene is 5 seconds.',
  'order.min': 'Scene order must be a positive number.',
  'order.max': 'Scene order is too large.',
  'order.number': 'Scene order must be a positive number.',
  'projectId.required': 'Project not found',
  'projectId.number': 'Project not found',
  'projectId.withoutDecimals': 'Project not found',
  'projectId.range': 'Project not found',
  'pictureId.number': 'Picture not found',
  'pictureId.withoutDecimals': 'Picture not found',
  'pictureId.range': 'Picture not found',
})

const PROMPT =
  'The words the narrator says over the scene, which its picture shows, up to 2,000 characters.'
const DURATION = `Always ${SCENE_SECONDS} (seconds): every scene is ${SCENE_SECONDS} seconds long. May be left out.`
const ORDER = 'The scene’s place in the storyboard, from 1; the other scenes shift to make room.'

const prompt = () => vine.string().trim().minLength(1).maxLength(2000)
const duration = () =>
  described(vine.number({ strict: true }).in([SCENE_SECONDS]).optional(), DURATION)
const order = () =>
  described(vine.number({ strict: true }).withoutDecimals().min(1).max(1000).optional(), ORDER)

export const updateSceneValidator = vine.create({
  prompt: described(prompt().optional(), PROMPT),
  duration: duration(),
  /** Moves the scene; the others shift to keep the order 1..n. */
  order: order(),
  /** Image to Video: the picture the scene shows instead (docs/product.md, Image to Video). */
  pictureId: described(
    databaseId().optional(),
    'Image to Video only: the id of another of your pictures for the scene to show instead.'
  ),
})
updateSceneValidator.messagesProvider = messages

export const createSceneValidator = vine.create({
  projectId: described(databaseId(), 'The id of the project to add the scene to.'),
  prompt: described(prompt(), PROMPT),
  duration: duration(),
  order: order(),
  /** Image to Video: the picture the new scene shows (docs/product.md, Image to Video). */
  pictureId: described(
    databaseId().optional(),
    'Image to Video only, and required there: the id of one of your pictures for the scene to show.'
  ),
})
createSceneValidator.messagesProvider = messages
