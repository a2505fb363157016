import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'
import { createAppServer } from '#core/http/node_server'

createIgnitor()
  .httpServer()
  .start(createAppServer)
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
