import { parentPort, workerData } from 'node:worker_threads'

/**
 * The thread that reads the routes' answers from their types for
 * `indexApiResponses`, so the dev server's main thread is not held for the
 * seconds TypeScript takes. Node gives each thread its own module hooks:
 * the thread registers the TypeScript loader before it imports app code.
 */
await import('@poppinss/ts-exec')
const { describeAnswers } = await import('#core/openapi/response_schemas')
parentPort!.postMessage(describeAnswers(workerData.appRoot, workerData.routes))
