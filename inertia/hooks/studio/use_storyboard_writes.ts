import { useState } from 'react'
import type { Data } from '@generated/data'
import { SCENE_SECONDS } from '~/components/studio/scene_card'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'

type Project = Data.Studio.Project.Variants['forPage']
type Scene = Data.Studio.Scene

/**
 * The storyboard's writes, each one Inertia visit: the server answers with
 * the storyboard as it now is (Generate Final Video: the status page), and
 * its toast. See docs/product.md, "Storyboard (/storyboard/:id)".
 */
export function useStoryboardWrites(project: Project, sceneCount: number, shortBy: number) {
  const [missingCredits, setMissingCredits] = useState<number | null>(null)
  const [startingVideo, setStartingVideo] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const write = usePageWrite()

  function addScene(prompt: string, pictureId?: number) {
    return write.send(
      'post',
      client.urlFor('studio.storyboard.add_scene'),
      {
        projectId: project.id,
        prompt,
        duration: SCENE_SECONDS,
        order: sceneCount + 1,
        ...(pictureId === undefined ? {} : { pictureId }),
      },
      { refusal: { title: 'Failed to add scene' } }
    )
  }

  function updateScene(scene: Scene, prompt: string) {
    return write.send(
      'patch',
      client.urlFor('studio.storyboard.update_scene', { id: scene.id }),
      { prompt, duration: SCENE_SECONDS },
      { refusal: { title: 'Failed to update scene' } }
    )
  }

  /** Moves a scene to `order`; the others shift to make room. */
  function moveScene(scene: Scene, order: number) {
    return write.send(
      'patch',
      client.urlFor('studio.storyboard.update_scene', { id: scene.id }),
      { order },
      { refusal: { title: 'Failed to move scene' } }
    )
  }

  /** Image to Video: the scene shows another of the creator's pictures. */
  function replacePicture(scene: Scene, pictureId: number) {
    return write.send(
      'patch',
      client.urlFor('studio.storyboard.update_scene', { id: scene.id }),
      { pictureId },
      { refusal: { title: 'Failed to replace the picture' } }
    )
  }

  function deleteScene(scene: Scene) {
    return write.send(
      'delete',
      client.urlFor('studio.storyboard.delete_scene', { id: scene.id }),
      {},
      { refusal: { title: 'Failed to delete scene' } }
    )
  }

  function generateScene(scene: Scene) {
    return write.send(
      'post',
      client.urlFor('studio.storyboard.generate_scene', { id: scene.id }),
      {},
      { refusal: { title: 'Failed to start scene generation' } }
    )
  }

  async function generateVideo() {
    if (shortBy > 0) {
      setMissingCredits(shortBy)
      return
    }
    setStartingVideo(true)
    await write.send(
      'post',
      client.urlFor('studio.storyboard.generate', { id: project.id }),
      {},
      {
        preserveScroll: false,
        refusal: { title: 'Failed to start video generation' },
        // Credits that ran out since the page loaded: the dialog, with the server's count.
        onRefused: ({ missingCredits: missing }) => {
          if (missing === undefined) return false
          setMissingCredits(Number(missing))
          return true
        },
      }
    )
    setStartingVideo(false)
  }

  async function cancelProcessing() {
    setCancelling(true)
    await write.send(
      'delete',
      client.urlFor('studio.storyboard.cancel', { id: project.id }),
      {},
      { refusal: { title: 'Cancel failed', description: 'Failed to cancel video processing' } }
    )
    setCancelling(false)
  }

  return {
    addScene,
    updateScene,
    moveScene,
    replacePicture,
    deleteScene,
    generateScene,
    generateVideo,
    cancelProcessing,
    startingVideo,
    cancelling,
    missingCredits,
    closeMissingCredits: () => setMissingCredits(null),
  }
}
