import { cardThumbnailKey } from '#media/services/card_thumbnails'

/**
 * The names a render run leaves behind, built here only: BullMQ job ids
 * (a job id is also how a run's jobs are found again, to cancel or to
 * check), the reference of the run's credits on the ledger (charged and
 * refunded under the same one) and the folder of each scene's files.
 */

/** The credits of one run of a project: its charge and its refund. */
export function runCreditsReference(projectId: number, run: number) {
  return `project:${projectId}:run:${run}`
}

/** The parent job of a run: composes the video once every scene's clip is made. */
export function composeJobId(projectId: number, run: number) {
  return `compose-${projectId}-${run}`
}

/** A scene's clip-source job within a run. */
export function renderSceneJobId(sceneId: number, run: number) {
  return `scene-${sceneId}-${run}`
}

/**
 * Where a scene's job in a run stores what it makes (still, clip source,
 * first frame): a folder of the run's, so that whatever an attempt cut off
 * by a crash stored but never recorded is found by the next one.
 */
export function sceneRunFolder(projectId: number, sceneId: number, run: number) {
  return `projects/${projectId}/scenes/${sceneId}/run-${run}`
}

/** A storyboard still, once per version of the scene (its `updated_at`, in ms). */
export function sceneStillJobId(sceneId: number, version: number) {
  return `scene-still-${sceneId}-${version}`
}

/** A run's voice-over job: narrates the video while its scenes are made. */
export function narrateJobId(projectId: number, run: number) {
  return `narrate-${projectId}-${run}`
}

/** Where a run's voice-over waits for the compose job, removed once the video is made. */
export function runVoiceKey(projectId: number, run: number) {
  return `projects/${projectId}/runs/${run}/voice`
}

/**
 * The copy of a brand kit's logo a project's runs draw: one per kit
 * version, in the project's folder, kept while the project's snapshot
 * names it (the sweep drops the others).
 */
export function brandLogoKey(projectId: number, brandId: number, version: number, from: string) {
  const extension = from.endsWith('.png') ? 'png' : 'jpg'
  return `${projectFolder(projectId)}brand/${brandId}-v${version}.${extension}`
}

/**
 * A brand kit's intro or outro card, encoded once per kit version and frame
 * size and reused by every video made with that version.
 */
export function brandCardKey(
  brandId: number,
  version: number,
  size: { width: number; height: number },
  kind: 'intro' | 'outro'
) {
  return `${brandCardsFolder(brandId)}v${version}/${size.width}x${size.height}-${kind}.mp4`
}

/** Every card of a kit's versions: deleted with the kit. */
export function brandCardsFolder(brandId: number) {
  return `brand-cards/${brandId}/`
}

/** Everything stored for a project: its runs' files and its scenes'. */
export function projectFolder(projectId: number) {
  return `projects/${projectId}/`
}

/** Where a run's finished video and its thumbnail are stored. */
export function runVideoKeys(projectId: number, run: number) {
  const base = `${videosFolder(projectId)}run-${run}`
  return { videoKey: `${base}.mp4`, thumbKey: `${base}.jpg` }
}

/** Where the SRT and WebVTT captions of the video stored under `videoKey` are: beside it. */
export function captionKeysOf(videoKey: string) {
  const base = videoKey.replace(/\.mp4$/, '')
  return { srtKey: `${base}.srt`, vttKey: `${base}.vtt` }
}

/**
 * Every file of a finished video, from the keys a project row holds: the
 * MP4 with its SRT and WebVTT beside it, the poster with its card
 * thumbnail. What a run replaces, a cancel drops and the sweep keeps.
 */
export function videoFiles(...keys: (string | null)[]) {
  const own = keys.filter((key): key is string => key !== null)
  const beside = own.flatMap((key) => {
    if (key.endsWith('.mp4')) return Object.values(captionKeysOf(key))
    if (key.endsWith('.jpg')) return [cardThumbnailKey(key)]
    return []
  })
  return [...own, ...beside]
}

/** The run whose video `key` is (a key of `runVideoKeys`), or null for any other key. */
export function runOfVideoKey(projectId: number, key: string) {
  const folder = videosFolder(projectId)
  const match = key.startsWith(folder) ? /^run-(\d+)\.mp4$/.exec(key.slice(folder.length)) : null
  return match ? Number(match[1]) : null
}

function videosFolder(projectId: number) {
  return `${projectFolder(projectId)}videos/`
}
