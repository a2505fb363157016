import { answered, defineTool, orNull, refused } from '#core/mcp/tool'
import { paidCallLimits } from '#config/limiter'
import { ImportPicture } from '#media/actions/import_picture'
import { servePicture } from '#media/transformers/picture_transformer'
import { pictureImportValidator } from '#media/validators/picture'

const url = orNull({ type: 'string' })

export default [
  defineTool({
    name: 'import_picture',
    operation: 'media.pictures.import',
    title: 'Add a picture from a URL',
    description:
      'Image to Video: fetches the picture at a public http(s) URL (JPEG, PNG, WebP or AVIF, up ' +
      'to 20 MB and 50 megapixels), checks it, turns it upright and strips its metadata, and ' +
      'keeps it as one of your pictures. Costs no credits; limited to ' +
      `${paidCallLimits.pictureImport.requests} a minute. Next: pass the picture ids, in scene ` +
      'order, as picture_ids to create_project with generation_mode "image-to-video" (one ' +
      '5-second scene and 5 credits per picture); an unused picture is deleted after 24 hours.',
    input: pictureImportValidator,
    outputSchema: {
      type: 'object',
      properties: {
        picture: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            width: { type: 'integer' },
            height: { type: 'integer' },
            thumbnailUrl: url,
            url,
          },
          required: ['id', 'width', 'height'],
        },
      },
      required: ['picture'],
    },
    async handle({ user, args, container }) {
      const importPicture = await container.make(ImportPicture)
      const imported = await importPicture.handle(user.id, args.url)
      if (imported.status === 'refused') return refused(imported.message)
      const picture = await servePicture(imported.picture)
      return answered(
        { picture },
        `Picture ${picture.id} (${picture.width}×${picture.height}) is ready. Pass its id in ` +
          'picture_ids to create_project.'
      )
    },
  }),
]
