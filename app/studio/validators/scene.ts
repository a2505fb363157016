import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { databaseId } from '#core/database_id'
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

const prompt = () => vine.string().trim().minLength(1).maxLength(2000)
const duration = () => vine.number({ strict: true }).in([SCENE_SECONDS])
const order = () => vine.number({ strict: true }).withoutDecimals().min(1).max(1000)

export const updateSceneValidator = vine.create({
  prompt: prompt().optional(),
  duration: duration().optional(),
  /** Moves the scene; the others shift to keep the order 1..n. */
  order: order().optional(),
  /** Image to Video: the picture the scene shows instead (docs/product.md, Image to Video). */
  pictureId: databaseId().optional(),
})
updateSceneValidator.messagesProvider = messages

export const createSceneValidator = vine.create({
  projectId: databaseId(),
  prompt: prompt(),
  duration: duration().optional(),
  order: order().optional(),
  /** Image to Video: the picture the new scene shows (docs/product.md, Image to Video). */
  pictureId: databaseId().optional(),
})
createSceneValidator.messagesProvider = messages
