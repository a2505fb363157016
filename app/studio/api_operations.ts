import { paidCallLimits } from '#config/limiter'
import type { ApiOperation } from '#core/openapi/api_operations'

const SERIES_ID = 'The series’ id, as listed by GET /api/series.'
const PROJECT_ID = 'The project’s id, as POST /api/projects answered it.'
const SCENE_ID = 'The scene’s id, from the project’s `scenes`.'
const VIDEO_ID = 'The video’s id: the id of the project it was rendered from.'
const BRAND_ID = 'The brand kit’s id, from GET /api/brands.'
const POST_WRITTEN =
  'The script writer writes it from the script when the video is done (null before); ' +
  'PATCH /api/videos/{id}/post edits it.'
const BRAND_LIMIT =
  'Your plan sets how many brand kits you may have (Free none, Pro 1, Agency 25 as seeded): ' +
  'past it the answer is 403.'

/** The studio's /api routes, said once for the OpenAPI document and the MCP tools (app/core/openapi/api_operations.ts). */
export default {
  'studio.brands.index': {
    summary: 'List your brand kits',
    description:
      'Your brand kits, oldest first, each with its colours, caption style, logo placement, intro ' +
      'and outro cards and the defaults a new video made with it starts with. `choosable` says ' +
      'whether your plan lets it be chosen for a new video now: as many as the plan allows, the ' +
      'oldest first (a downgrade keeps every kit).',
  },
  'studio.brands.store': {
    summary: 'Create a brand kit',
    description: `Creates a brand kit; what is left out takes a default. ${BRAND_LIMIT}`,
  },
  'studio.brands.show': {
    summary: 'Get a brand kit',
    description: 'One of your brand kits.',
    params: { id: BRAND_ID },
  },
  'studio.brands.update': {
    summary: 'Edit a brand kit',
    description:
      'Changes the fields you send; the others stay. Each change counts a new `version`; a video ' +
      'already made keeps the look it was made with.',
    params: { id: BRAND_ID },
  },
  'studio.brands.duplicate': {
    summary: 'Duplicate a brand kit',
    description: `A copy named "<name> (copy)", counted like a new kit. ${BRAND_LIMIT}`,
    params: { id: BRAND_ID },
  },
  'studio.brands.destroy': {
    summary: 'Delete a brand kit',
    description: 'Deletes the kit. Videos already made with it keep their look.',
    params: { id: BRAND_ID },
  },
  'studio.styles.index': {
    summary: 'List visual styles',
    description:
      'The visual styles a video can be drawn in, each with its id, name and three swatch colours. ' +
      'Pass an id as `style` when you write a script or create a project.',
  },
  'studio.languages.index': {
    summary: 'List narration languages',
    description:
      'The languages a video can be narrated in: name (what `language` takes), display name, ' +
      'BCP-47 locale, writing system, direction, and the pace its scripts are cut and charged ' +
      'at: `perSecond` words (or characters, where `unit` is character: Chinese, Japanese, ' +
      'Thai) a second, five seconds a scene, a credit a second. Also the offline voices and ' +
      'whether they read it well.',
  },
  'studio.scripts.generate': {
    summary: 'Write a script with AI',
    description:
      'Writes a narration script about what you describe, in `language` (your profile’s by ' +
      'default), as long as the length you ask for at that language’s pace (2.5 words a second ' +
      'in English; GET /api/languages). Costs no credits; limited to ' +
      `${paidCallLimits.script.requests} a minute. Pass the script to POST /api/projects.`,
  },
  'studio.projects.store': {
    summary: 'Create a video project',
    description:
      'Creates a draft video from a script, cut into 5-second scenes (the storyboard), or, in ' +
      'Image to Video, one scene for each picture. Costs no credits: the render is charged ' +
      'later, by generate-all, `creditsNeeded` credits. Limited to ' +
      `${paidCallLimits.project.requests} a minute.`,
  },
  'studio.projects.show': {
    summary: 'Get a project and its storyboard',
    description:
      'One of your projects: its script, style, voice, status and progress, its scenes in order ' +
      'and `creditsNeeded`, what rendering it will charge.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.destroy': {
    summary: 'Delete a video',
    description:
      'Deletes a project with its scenes, its video, their files and the pictures it showed. A ' +
      'render still running is cancelled first, its unfinished scenes refunded.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.scenes': {
    summary: 'List a project’s scenes',
    description:
      'The project’s scenes in order, each with its prompt, status and signed URLs of its still ' +
      'and clip. Answers 304 to an `If-None-Match` with the last `ETag` while nothing changed, ' +
      'so it can be polled cheaply.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.captions': {
    summary: 'Change how a project’s captions look',
    description:
      'Sets the caption style and its options (position, font, colours, size, capitals) used from ' +
      'the next render on; what is left out is the style’s own. Costs no credits. Refused with ' +
      '409 while the project renders (that run keeps the captions it started with). The choice ' +
      'also becomes your default for new projects.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.generate_all': {
    summary: 'Generate the final video',
    description:
      'Charges the storyboard’s seconds as credits (5 a scene) and queues the render: voice-over, ' +
      'music, captions, then the MP4. Answers 202 once queued; 402 with `missing` when the ' +
      'balance is short. Calling it again while the video renders charges nothing. Follow it with ' +
      'GET /api/video/status/{id}.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.cancel': {
    summary: 'Cancel a render',
    description:
      'Stops a queued or running render: its credits come back, but for the clips this run ' +
      'made, which are kept for the next one; the project is a draft again and keeps its last ' +
      'finished video. Refused when nothing is rendering.',
    params: { id: PROJECT_ID },
  },
  'studio.projects.duplicate': {
    summary: 'Duplicate a project',
    description:
      'Makes a new draft with the same mode, settings and scenes as they stand (an Image to ' +
      'Video scene gets a copy of its picture, an AI Images scene a copy of its still), so it ' +
      'costs the same credits. Nothing of a render is copied. Answers the new project; limited ' +
      `to ${paidCallLimits.project.requests} a minute.`,
    params: { id: PROJECT_ID },
  },
  'studio.scenes.store': {
    summary: 'Add a scene',
    description:
      'Adds a 5-second scene to a project’s storyboard, at the end or at `order`. Costs no ' +
      'credits now; the render then costs 5 more. Refused while the project renders.',
  },
  'studio.scenes.update': {
    summary: 'Edit a scene',
    description:
      'Changes a scene’s words, its place in the storyboard (the others shift) or, in Image to ' +
      'Video, the picture it shows. Costs no credits. Refused while the project renders.',
    params: { id: SCENE_ID },
  },
  'studio.scenes.destroy': {
    summary: 'Delete a scene',
    description:
      'Removes a scene; the scenes after it move up and the render costs 5 credits less. ' +
      'Refused while the project renders.',
    params: { id: SCENE_ID },
  },
  'studio.scenes.generate': {
    summary: 'Draw a scene’s still',
    description:
      'Queues a new still picture for the scene from its words and the project’s style; the ' +
      'scene’s status says when it is drawn. Costs no credits; limited to ' +
      `${paidCallLimits.sceneStill.requests} a minute.`,
    params: { id: SCENE_ID },
  },
  'studio.videos.list': {
    summary: 'List your videos',
    description:
      'Your videos and drafts, newest first. Without `perPage`, a plain array of at most 100 with ' +
      'a `Link` header to the rest; with `perPage`, a page `{ data, meta }` whose `meta.next` and ' +
      '`meta.previous` are the cursors to pass as `after` and `before`. A finished video has its ' +
      '`post`: the title, description and hashtags to publish it with.',
  },
  'studio.videos.show': {
    summary: 'Get a video',
    description:
      'One of your videos: its status, length, resolution and aspect ratio and, once done, ' +
      '`outputVideoUrl`, a signed download URL of the MP4 that expires (ask again for a fresh one), ' +
      `and \`post\`, the title, description and hashtags to publish it with. ${POST_WRITTEN}`,
    params: { id: VIDEO_ID },
  },
  'studio.videos.update_post': {
    summary: 'Edit a video’s post',
    description:
      'Changes the title, description or hashtags a finished video is published with; the ' +
      'fields you leave out stay. Your words are kept when the project renders a newer video. ' +
      'Answers the video; 409 while it has no finished video. Costs no credits.',
    params: { id: VIDEO_ID },
  },
  'studio.videos.captions': {
    summary: 'Download a video’s captions',
    description:
      'The finished video’s captions as a file, from the words as they are heard: `srt` ' +
      '(SubRip) or `vtt` (WebVTT). Answers 404 for a video finished before caption files were ' +
      'kept, or not finished yet.',
    params: {
      id: VIDEO_ID,
      format: 'The file format: "srt" (SubRip) or "vtt" (WebVTT).',
    },
  },
  'studio.caption_styles.index': {
    summary: 'List caption styles',
    description:
      'The caption styles a video can have, each with its name, a one-line description and its ' +
      'own position, font, colours, size and capitals, plus the fonts, positions and sizes to ' +
      'choose from. Pass a style id (and any options) as `captions` to POST /api/projects.',
  },
  'studio.videos.status': {
    summary: 'Get a render’s status',
    description:
      'Where a project’s render is: its status (draft, queued, processing, rendering, done or ' +
      'failed), its progress in percent, the time left while it runs and the error of a failed one.',
    params: { id: PROJECT_ID },
  },
  'studio.series.index': {
    summary: 'List your series',
    description:
      'Your series of videos made on a schedule, newest first: status (active, paused, ' +
      'finished), why one paused itself, schedule, time zone and how many topics are made and waiting.',
  },
  'studio.series.store': {
    summary: 'Create a series',
    description:
      'A series of videos made on a schedule: topics one per line (`topics`) or a CSV (`csv`, ' +
      'a `topic` column and an optional `script` column, up to 500 rows) or written now by the ' +
      'script writer (`generate_topics`, as POST /api/series/topics), the settings each ' +
      'video is created with, and a schedule ("now", "daily" at HH:MM or "weekly" on chosen ' +
      'days) in your time zone. A bad row is reported by its number (422) and nothing is ' +
      'created. Each video is charged when its render starts; when the balance cannot cover ' +
      'the next one the series pauses itself (webhook `series.paused`). Series come with API ' +
      'access (Agency plan); other plans get 403.',
  },
  'studio.series.topics': {
    summary: 'Write topics for a series',
    description:
      'The script writer writes `count` distinct topics (30 by default, up to 100) about ' +
      '`about`, in `language` (your profile’s by default), each one a series takes as typed: ' +
      'read and edit them, then pass them as `topics` to POST /api/series. Offline they come ' +
      'in English, and `note` says so. Costs no credits; limited to ' +
      `${paidCallLimits.script.requests} a minute, with POST /api/generate-script. Series come ` +
      'with API access (Agency plan); other plans get 403.',
  },
  'studio.series.show': {
    summary: 'Get a series',
    description:
      'One series with its topics in order: each one’s state, when a waiting one is due (in ' +
      'the series’ time zone), and the video made for it with its status and cost; and when ' +
      'the schedule fires next.',
    params: { id: SERIES_ID },
  },
  'studio.series.update': {
    summary: 'Replace a series’ remaining topics',
    description:
      'The topics not yet made are replaced by these, one per line, in order; a topic kept ' +
      'word for word keeps the script it came with. 409 once the series is finished.',
    params: { id: SERIES_ID },
  },
  'studio.series.destroy': {
    summary: 'Delete a series',
    description: 'Stops its schedule and deletes it; the videos it made stay in your videos.',
    params: { id: SERIES_ID },
  },
  'studio.series.pause': {
    summary: 'Pause a series',
    description: 'Nothing more is made until you resume it. 409 unless it is running.',
    params: { id: SERIES_ID },
  },
  'studio.series.resume': {
    summary: 'Resume a series',
    description:
      'A paused series runs again on its schedule (a "now" series makes its waiting topics ' +
      'at once). A series paused for credits resumes only when you say so, and 409 while the ' +
      'balance still cannot cover the video it paused on; 409 too unless paused.',
    params: { id: SERIES_ID },
  },
  'studio.series.skip': {
    summary: 'Skip a series’ next topic',
    description:
      'The next waiting topic is skipped; the next fire makes the one after. 409 when none waits.',
    params: { id: SERIES_ID },
  },
} satisfies Record<string, ApiOperation>
