import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
    limit: '100kb',
  },
  json: {
    convertEmptyStringsToNull: false,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
    limit: '100kb',
  },
  // Raw bodies (the music and picture upload PUTs: audio/*, application/octet-stream) match no parser
  // here and reach their controllers unread, which read them once their signed URL checks out.
  // Never parsed here, before CSRF and auth: only routes that use the
  // `uploads` middleware read files (app/core/middleware/uploads_middleware.ts).
  multipart: {
    autoProcess: false,
    convertEmptyStringsToNull: true,
    // the music upload PUT reads its own body, after checking its signature
    processManually: ['/api/music/uploads/:name'],
    limit: '60mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
