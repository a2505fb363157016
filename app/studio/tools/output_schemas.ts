import { orNull } from '#core/mcp/tool'
import type { JsonSchema } from '#core/openapi/json_schema'

/**
 * The main fields of the JSON the studio's transformers give (the API's
 * answers), as MCP output schemas: what a client may check a tool's
 * structured content against. The transformers stay the shape's source;
 * the tools' tests hold these to them.
 */
const text = { type: 'string' }
const optionalText = orNull({ type: 'string' })
const whole = { type: 'integer' }
const optionalFlag = orNull({ type: 'boolean' })

export const sceneSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: whole,
    projectId: whole,
    prompt: text,
    duration: whole,
    order: whole,
    status: text,
    thumbnailUrl: optionalText,
    videoUrl: optionalText,
    errorMessage: optionalText,
  },
  required: ['id', 'projectId', 'prompt', 'duration', 'order', 'status'],
}

export const projectSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: whole,
    script: text,
    style: text,
    status: text,
    duration: whole,
    creditsNeeded: whole,
    progressPercent: whole,
    error: optionalText,
    aspect_ratio: text,
    generation_mode: text,
    captions: { type: 'object', properties: { style: text } },
    outputVideoUrl: optionalText,
    scenes: { type: 'array', items: sceneSchema },
  },
  required: ['id', 'status', 'duration', 'creditsNeeded', 'scenes'],
}

/** A finished video's title, description and hashtags (docs/product.md, Ready to post). */
export const postSchema: JsonSchema = {
  type: 'object',
  properties: { title: text, description: text, hashtags: { type: 'array', items: text } },
  required: ['title', 'description', 'hashtags'],
}

export const videoSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: whole,
    prompt: text,
    style: text,
    duration: whole,
    status: text,
    thumbUrl: optionalText,
    cardThumbUrl: optionalText,
    outputVideoUrl: optionalText,
    captionsUrls: orNull({ type: 'object', properties: { srt: text, vtt: text } }),
    createdAt: text,
    aspectRatio: text,
    resolution: optionalText,
    watermarked: optionalFlag,
    progressPercent: whole,
    error: optionalText,
    post: orNull(postSchema),
  },
  required: ['id', 'status', 'duration', 'outputVideoUrl', 'progressPercent', 'error', 'post'],
}

/** A write's acknowledgement, as its route's JSON body has it. */
export const messageSchema: JsonSchema = {
  type: 'object',
  properties: { message: text },
  required: ['message'],
}

export const statusSchema: JsonSchema = {
  type: 'object',
  properties: { status: text, progress: whole, error: optionalText, hasVideo: { type: 'boolean' } },
  required: ['status', 'progress', 'error', 'hasVideo'],
}
