/*
|--------------------------------------------------------------------------
| The dev web server's URL, for Ace commands in a second shell
|--------------------------------------------------------------------------
*/
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import env from '#start/env'
import { embeddedDatabaseDir } from '#core/embedded_database'
import { devServerUrl, forgetDevServer, recordDevServer } from '#core/dev_server_url'

if (app.inDev) {
  const dir = embeddedDatabaseDir(fileURLToPath(app.appRoot), env.get('EMBEDDED_POSTGRES_DIR'))
  emitter.on('http:server_ready', ({ host, port }) =>
    recordDevServer(dir, devServerUrl(host, port))
  )
  app.terminating(() => forgetDevServer(dir))
}
