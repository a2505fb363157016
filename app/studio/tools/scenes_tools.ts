import { apiSerializer } from '#core/http/api_serializer'
import { type ToolCall, answered, defineTool, idParam, refused } from '#core/mcp/tool'
import { EditScenes, type SceneEditResult } from '#studio/actions/edit_scenes'
import { SCENE_DELETED, sceneEditRefusal } from '#studio/answers'
import type Scene from '#studio/models/scene'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { ProjectViews } from '#studio/services/project_views'
import { messageSchema, sceneSchema } from '#studio/tools/output_schemas'
import { createSceneValidator, updateSceneValidator } from '#studio/validators/scene'

const COST_NOTE =
  'Each scene is 5 seconds of video, 5 credits of the render (get_project sums them).'

/** A scene edit's outcome: the scene as the API answers it, or the API's refusal. */
async function sceneAnswer(
  { container, user }: Pick<ToolCall<unknown>, 'container' | 'user'>,
  result: SceneEditResult<Scene>,
  done: string
) {
  if (result.status !== 'done') return refused(sceneEditRefusal(result).message)
  const views = await container.make(ProjectViews)
  const scene = await apiSerializer.serialize(await views.scene(user.id, result.value))
  return answered(scene, `${done} Scene ${scene.id} is number ${scene.order}. ${COST_NOTE}`)
}

export default [
  defineTool({
    name: 'add_scene',
    operation: 'studio.scenes.store',
    title: 'Add a scene',
    description:
      'Adds a 5-second scene to a project’s storyboard: projectId, prompt (the words the ' +
      'narrator says and the scene shows, up to 2,000 characters), optionally order (its ' +
      'position from 1; the end by default) and, in an Image to Video project, pictureId (an ' +
      'uploaded picture it shows; required there). Costs no credits, but the render then ' +
      'costs 5 more. Not while the project renders. Next: get_project, then generate_video.',
    input: createSceneValidator,
    outputSchema: sceneSchema,
    async handle({ user, args, container }) {
      const project = await new OwnedProjects(user).findOrFail(args.projectId)
      const editScenes = await container.make(EditScenes)
      const result = await editScenes.add(project, args)
      return sceneAnswer({ container, user }, result, 'Added.')
    },
  }),

  defineTool({
    name: 'edit_scene',
    operation: 'studio.scenes.update',
    title: 'Edit a scene',
    description:
      'Changes a scene by its id (from get_project’s scenes): its prompt (the words the ' +
      'narrator says and the scene shows; its still is drawn again at the next render), its ' +
      'position (order; the other scenes shift) or, in Image to Video, the picture it shows ' +
      '(pictureId). Costs no credits. Not while the project renders. Next: get_project, then ' +
      'generate_video.',
    params: idParam,
    input: updateSceneValidator,
    outputSchema: sceneSchema,
    async handle({ user, args, container }) {
      const scene = await new OwnedProjects(user).findSceneOrFail(args.id)
      const editScenes = await container.make(EditScenes)
      const result = await editScenes.update(scene, args)
      return sceneAnswer({ container, user }, result, 'Updated.')
    },
  }),

  defineTool({
    name: 'delete_scene',
    operation: 'studio.scenes.destroy',
    title: 'Delete a scene',
    description:
      'Removes a scene by its id (from get_project’s scenes); the scenes after it move up. ' +
      'Costs no credits, and the render then costs 5 fewer. Not while the project renders. Next: ' +
      'get_project, then generate_video.',
    params: idParam,
    outputSchema: messageSchema,
    async handle({ user, args, container }) {
      const scene = await new OwnedProjects(user).findSceneOrFail(args.id)
      const editScenes = await container.make(EditScenes)
      const result = await editScenes.remove(scene)
      if (result.status !== 'done') return refused(sceneEditRefusal(result).message)
      return answered(
        { message: SCENE_DELETED },
        `Scene ${scene.id} deleted from project ${scene.projectId}.`
      )
    },
  }),
]
