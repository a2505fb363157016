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

const prompt = () =>
  vine.string().trim().minLength(1).maxLength(2000).meta({
    description:
      'The words the narrator says over the scene, which its picture shows, up to 2,000 characters.',
  })
const duration = () =>
  vine
    .number({ strict: true })
    .in([SCENE_SECONDS])
    .meta({
      description: `Always ${SCENE_SECONDS} (seconds): every scene is ${SCENE_SECONDS} seconds long. May be left out.`,
    })
const order = () =>
  vine.number({ strict: true }).withoutDecimals().min(1).max(1000).meta({
    description:
      'The scene’s place in the storyboard, from 1; the other scenes shift to make room.',
  })

export const updateSceneValidator = vine.create({
  prompt: prompt().optional(),
  duration: duration().optional(),
  /** Moves the scene; the others shift to keep the order 1..n. */
  order: order().optional(),
  /** Image to Video: the picture the scene shows instead (docs/product.md, Image to Video). */
  pictureId: databaseId().optional().meta({
    description:
      'Image to Video only: the id of another of your pictures for the scene to show instead.',
  }),
})
updateSceneValidator.messagesProvider = messages

export const createSceneValidator = vine.create({
  projectId: databaseId().meta({ description: 'The id of the project to add the scene to.' }),
  prompt: prompt(),
  duration: duration().optional(),
  order: order().optional(),
  /** Image to Video: the picture the new scene shows (docs/product.md, Image to Video). */
  pictureId: databaseId().optional().meta({
    description:
      'Image to Video only, and required there: the id of one of your pictures for the scene to show.',
  }),
})
createSceneValidator.messagesProvider = messages
