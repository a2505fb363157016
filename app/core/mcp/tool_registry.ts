import router from '@adonisjs/core/services/router'
import type { RouteJSON } from '@adonisjs/core/types/http'
import type { Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js'
import type { PaidCall } from '#config/limiter'
import { type ApiOperation, apiOperations } from '#core/openapi/api_operations'
import { type JsonSchema, jsonSchemaOf } from '#core/openapi/json_schema'
import { isPublicApiRoute } from '#core/openapi/public_api'
import { portableSchema } from '#core/mcp/portable_schema'
import { isPaidCall } from '#core/services/paid_calls'
import type { Tool } from '#core/mcp/tool'

/** The key of a listed tool's `_meta` naming its /api twin (its operationId). */
export const OPERATION_META = 'dev.reelforge/operationId'

export type RegisteredTool = {
  tool: Tool
  /** As tools/list shows it. */
  listing: ListedTool
  /** The paid-call limit its /api twin's route counts against, which the tool counts against too. */
  paidCall: PaidCall | null
}

type ToolLoader = () => Promise<{ default: Tool[] }>

/**
 * A tool's arguments: the twin route's params (said what they are by the
 * twin's operation), its validator's fields and the tool's own options, as
 * one JSON Schema object, each part generated from its validator (the same
 * export /api/openapi.json shows) and made portable.
 */
function inputSchemaOf(tool: Tool, operation: ApiOperation | undefined) {
  const parts = [tool.params, tool.input, tool.options]
    .filter((validator) => validator !== undefined)
    .map(jsonSchemaOf)
  const properties: Record<string, JsonSchema> = {}
  for (const part of parts) {
    for (const [name, schema] of Object.entries(
      (part.properties ?? {}) as Record<string, JsonSchema>
    )) {
      if (name in properties)
        throw new Error(`MCP tool ${tool.name}: two arguments are named ${name}`)
      const param = operation?.params?.[name]
      properties[name] = portableSchema(
        param && !schema.description ? { ...schema, description: param } : schema
      )
    }
  }
  return {
    type: 'object' as const,
    properties,
    required: parts.flatMap((part) => (part.required ?? []) as string[]),
    additionalProperties: false,
  }
}

function methodOf(route: RouteJSON) {
  return route.methods.find((method) => method !== 'HEAD') ?? 'GET'
}

/** What the tool's hints say follows from its twin's method: a GET only reads, a DELETE removes. */
function listingOf(tool: Tool, route: RouteJSON, operation?: ApiOperation): ListedTool {
  const method = methodOf(route)
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool, operation),
    ...(tool.outputSchema ? { outputSchema: { type: 'object', ...tool.outputSchema } } : {}),
    annotations: {
      title: tool.title,
      readOnlyHint: method === 'GET',
      destructiveHint: method === 'DELETE',
      idempotentHint: method !== 'POST',
    },
    _meta: { [OPERATION_META]: tool.operation },
  }
}

function paidCallOf(route: RouteJSON): PaidCall | null {
  for (const middleware of route.middleware.all()) {
    if ('name' in middleware && middleware.name === 'paidCallLimit') {
      // A named middleware keeps the options the route gave it (`{ call }`) as its args.
      const call = (middleware as { args?: { call?: unknown } }).args?.call
      if (isPaidCall(call)) return call
    }
  }
  return null
}

/**
 * The MCP tools. Each module registers its own from its routes file, beside
 * the /api routes they are the faces of, as loaders (read on the first MCP
 * request, as controllers are), so `start/routes.ts` stays the one place
 * that names the modules.
 */
class ToolRegistry {
  #loaders: ToolLoader[] = []
  #tools?: Promise<Map<string, RegisteredTool>>

  register(...loaders: ToolLoader[]) {
    this.#loaders.push(...loaders)
    this.#tools = undefined
  }

  all() {
    this.#tools ??= this.#load()
    return this.#tools
  }

  async #load() {
    const routes = new Map(
      Object.values(router.toJSON())
        .flat()
        .map((route) => [route.name, route] as const)
    )
    const operations = await apiOperations.all()
    const tools = new Map<string, RegisteredTool>()
    for (const loader of this.#loaders) {
      const { default: moduleTools } = await loader()
      for (const tool of moduleTools) {
        const route = routes.get(tool.operation)
        if (!route || !isPublicApiRoute(route)) {
          throw new Error(`MCP tool ${tool.name}: ${tool.operation} is no public /api route`)
        }
        if (tools.has(tool.name)) throw new Error(`Two MCP tools are named ${tool.name}`)
        const listing = listingOf(tool, route, operations.get(tool.operation))
        tools.set(tool.name, { tool, listing, paidCall: paidCallOf(route) })
      }
    }
    return tools
  }
}

export const mcpTools = new ToolRegistry()
