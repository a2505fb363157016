import { test } from '@japa/runner'
import fc from 'fast-check'
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import testUtils from '@adonisjs/core/services/test_utils'
import { mcpTools } from '#core/mcp/tool_registry'
import { TOOL_FAILED_MESSAGE } from '#core/mcp/tool_runner'
import { createAccount } from '#tests/helpers/auth'
import { createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import { connectAgent, textOf } from '#tests/helpers/mcp'
import {
  argumentsArbitrary,
  databaseFingerprint,
  fuzzWorldOf,
  hasStackTrace,
  seedFor,
} from '#tests/helpers/route_fuzz'
import { obliterateQueues } from '#tests/helpers/studio'
import { setAccount } from '#tests/helpers/billing'

/**
 * Every tool gets random arguments shaped after its own input schema (as
 * tools/list publishes it), pointing at the caller's rows, someone else's
 * and the names the app offers, with hostile values now and then. Each call
 * must be answered (no HTTP error, no protocol error, no output that breaks
 * the tool's output schema), a refusal must say why and change nothing, and
 * nothing may be an internal error.
 */

/** Tables a refused call may still write: rate-limit counters and the token's last use. */
const BOOKKEEPING_TABLES = ['rate_limits', 'auth_access_tokens', 'sessions']

/** Calls per tool, and per token: its 60 requests a minute hold them and the connection's own. */
const RUNS_PER_TOOL = 50
const CALLS_PER_TOKEN = 25
const SEED = 20_261_126

async function fuzzWorld() {
  const user = await createAgencyAccount('mcp.fuzz@example.com')
  // No balance: no generate_video starts a render, so none waits for one (nothing renders here).
  await setAccount(user, { credits: 0 })
  const other = await createAccount('mcp.fuzz.other@example.com')
  return { user, world: await fuzzWorldOf(user, other) }
}

test.group('MCP: fuzzed tool arguments', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('{$self}: every call answered, no internal error, a refusal changes nothing')
    .with(async () => {
      const tools = await mcpTools.all()
      return [...tools.keys()]
    })
    .run(async ({ assert, cleanup }, name) => {
      const { world, user } = await fuzzWorld()
      let { client } = await connectAgent(await createApiToken(user), cleanup)
      const { tools } = await client.listTools()
      const tool = tools.find((listed) => listed.name === name)!
      let fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)
      let calls = 0
      let refusals = 0

      const check = async (args: Record<string, unknown>) => {
        if (++calls % CALLS_PER_TOKEN === 0) {
          ;({ client } = await connectAgent(await createApiToken(user), cleanup))
          fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)
        }
        const problem = (what: string, answer = '') =>
          new Error(
            `${what}\n--- arguments ---\n${JSON.stringify(args)}\n--- answer ---\n${answer}`
          )
        const result = await client.callTool({ name, arguments: args }).catch((error: Error) => {
          throw problem('not answered', error.message)
        })
        const text = textOf(result)
        if (!result.isError) {
          fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)
          return
        }
        refusals++
        if (!text.trim()) throw problem('a refusal without a message')
        if (text === TOOL_FAILED_MESSAGE) throw problem('an internal error', text)
        if (hasStackTrace(text)) throw problem('the answer shows a stack trace', text)
        const after = await databaseFingerprint(BOOKKEEPING_TABLES)
        const changed = Object.keys(after).filter((table) => after[table] !== fingerprint[table])
        if (changed.length > 0) throw problem(`refused but changed ${changed.join(', ')}`, text)
      }

      await fc.assert(
        fc.asyncProperty(
          argumentsArbitrary(tool.inputSchema, world) as fc.Arbitrary<Record<string, unknown>>,
          check
        ),
        { seed: seedFor(name, SEED), numRuns: RUNS_PER_TOOL }
      )
      if (Object.keys(tool.inputSchema.properties ?? {}).length > 0) {
        assert.isAbove(refusals, 0, 'some hostile arguments were refused')
      }
    })
})

test.group('MCP: malformed tool calls', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a call whose {label} is -32602 with one plain sentence')
    .with([
      {
        label: 'name is missing',
        params: { arguments: {} },
        message:
          'A tools/call names its tool in params.name, as a string from tools/list, not nothing.',
      },
      {
        label: 'name is a number',
        params: { name: 42, arguments: {} },
        message:
          'A tools/call names its tool in params.name, as a string from tools/list, not a number.',
      },
      {
        label: 'arguments are an array',
        params: { name: 'get_balance', arguments: [] },
        message: 'The arguments of get_balance are an object of named values, not an array.',
      },
      {
        label: 'arguments are a string',
        params: { name: 'get_balance', arguments: '{}' },
        message: 'The arguments of get_balance are an object of named values, not a string.',
      },
      {
        label: 'arguments are null',
        params: { name: 'get_balance', arguments: null },
        message: 'The arguments of get_balance are an object of named values, not null.',
      },
      {
        label: 'tool does not exist',
        params: { name: 'delete_everything', arguments: {} },
        message:
          'There is no tool named "delete_everything": tools/list gives the tools there are.',
      },
    ])
    .run(async ({ assert, cleanup }, { params, message }) => {
      const user = await createAgencyAccount('mcp.malformed@example.com')
      const { client } = await connectAgent(await createApiToken(user), cleanup)

      const error = await client
        .request({ method: 'tools/call', params: params as never }, CallToolResultSchema)
        .then(
          () => null,
          (refusal: unknown) => refusal
        )

      assert.instanceOf(error, McpError)
      assert.equal((error as McpError).code, ErrorCode.InvalidParams)
      // The client's McpError adds its one "MCP error -32602: " to what the server said.
      assert.equal((error as McpError).message, `MCP error -32602: ${message}`)
    })

  test('a method the server does not have is still -32601 Method not found', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAgencyAccount('mcp.unknown.method@example.com')
    const { client } = await connectAgent(await createApiToken(user), cleanup)

    const error = await client.request({ method: 'resources/list' }, CallToolResultSchema).then(
      () => null,
      (refusal: unknown) => refusal
    )

    assert.instanceOf(error, McpError)
    assert.equal((error as McpError).code, ErrorCode.MethodNotFound)
    assert.equal((error as McpError).message, 'MCP error -32601: Method not found')
  })
})
