/**
 * What a public /api route does, said once for people and agents: the
 * OpenAPI document shows it as the operation's summary and description, and
 * its path params' meanings both there and as the arguments of the route's
 * MCP tool. The fields of a route's input say what they are beside their
 * rules, in the validator (`described(field, sentence)`).
 */
export type ApiOperation = {
  /** A few words, as a button would say it: "Generate the final video". */
  summary: string
  /** What it does, what it costs and what it answers, in a sentence or more. */
  description: string
  /** Each path param, by name: what it names. */
  params?: Record<string, string>
}

type OperationsLoader = () => Promise<{ default: Record<string, ApiOperation> }>

/**
 * The public API's operations, by route name. Each module registers its own
 * beside its routes (loaded on first use, as the MCP tools are).
 */
class ApiOperations {
  #loaders: OperationsLoader[] = []
  #operations?: Promise<Map<string, ApiOperation>>

  register(...loaders: OperationsLoader[]) {
    this.#loaders.push(...loaders)
    this.#operations = undefined
  }

  all() {
    this.#operations ??= this.#load()
    return this.#operations
  }

  async #load() {
    const operations = new Map<string, ApiOperation>()
    for (const loader of this.#loaders) {
      const { default: described } = await loader()
      for (const [name, operation] of Object.entries(described)) {
        if (operations.has(name)) throw new Error(`The API operation ${name} is described twice`)
        operations.set(name, operation)
      }
    }
    return operations
  }
}

export const apiOperations = new ApiOperations()
