import { join } from 'node:path'
import ts from 'typescript'
import type { JsonSchema, RouteAnswer } from '#core/openapi/json_schema'

/**
 * Codegen only (a dev dependency: TypeScript): what each route answers, read
 * from its controller method's return type, which is its transformers'
 * output as the serializer hands it over. A status comes from the type too:
 * `response.created(body)`, `response.conflict(body)` and the like type as
 * `{ __response: body, __status: 201 | 409 … }` (@tuyau/core's typed
 * responses), and so does `WriteAnswer`; a plain returned value is a 200.
 */

export type ScannedAnswerRoute = { name: string; response?: { type: string; imports: string[] } }

export type DescribedAnswers = {
  answers: Record<string, Record<string, RouteAnswer>>
  /** Routes whose answers the types do not say (a status typed `number`, an untyped body). */
  problems: string[]
}

/** Objects whose JSON is their bytes, not their fields. */
const BINARY_TYPES = new Set(['Buffer', 'Uint8Array', 'ArrayBuffer', 'Readable', 'ReadableStream'])

const AUGMENTS = /^\s*declare (module|global)\b/m

const PROBE_FILE = '.adonisjs/server/__api_responses_probe.ts'

function compilerOptions(appRoot: string) {
  const configPath = ts.findConfigFile(appRoot, ts.sys.fileExists, 'tsconfig.json')
  if (!configPath) throw new Error(`No tsconfig.json under ${appRoot}`)
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })
  return { options: { ...parsed!.options, noEmit: true }, fileNames: parsed!.fileNames }
}

/**
 * Reads the answers of `routes` from their response types, in one program
 * rooted at a probe file that names each type (never written to disk).
 */
export function describeAnswers(appRoot: string, routes: ScannedAnswerRoute[]): DescribedAnswers {
  const typed = routes.filter((route) => route.response)
  const probePath = join(appRoot, PROBE_FILE)
  const probe = [
    // Brings in @tuyau/core's typing of response.created() and the like.
    "import type {} from '@tuyau/core/hooks'",
    ...new Set(typed.flatMap((route) => route.response!.imports)),
    ...typed.map((route, index) => `export type Answer${index} = Awaited<${route.response!.type}>`),
  ].join('\n')

  const { options, fileNames } = compilerOptions(appRoot)
  // The files that augment a module (config/auth.ts types `auth.user`, …) shape the types
  // as typecheck sees them; the rest is read only when a route's types reach it.
  const augmenting = fileNames.filter((file) => AUGMENTS.test(ts.sys.readFile(file) ?? ''))
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === probePath
      ? ts.createSourceFile(fileName, probe, languageVersion)
      : getSourceFile.call(host, fileName, languageVersion, ...rest)
  const fileExists = host.fileExists
  host.fileExists = (fileName) => fileName === probePath || fileExists.call(host, fileName)
  const program = ts.createProgram({ rootNames: [...augmenting, probePath], options, host })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(probePath)!

  const answers: DescribedAnswers['answers'] = {}
  const problems: string[] = []
  const aliases = source.statements.filter(ts.isTypeAliasDeclaration)
  typed.forEach((route, index) => {
    const alias = aliases.find((statement) => statement.name.text === `Answer${index}`)!
    const converter = new SchemaConverter(checker, (problem) =>
      problems.push(`${route.name}: ${problem}`)
    )
    answers[route.name] = converter.answers(checker.getTypeAtLocation(alias.name))
  })
  return { answers, problems: [...new Set(problems)].sort() }
}

/** TypeScript types as the JSON Schema of their `JSON.stringify` output. */
class SchemaConverter {
  #inProgress = new Set<ts.Type>()

  constructor(
    private checker: ts.TypeChecker,
    private problem: (message: string) => void
  ) {}

  /** A controller method's answers, by status. */
  answers(type: ts.Type) {
    const byStatus = new Map<number, RouteAnswer[]>()
    const add = (status: number, answer: RouteAnswer) => {
      byStatus.set(status, [...(byStatus.get(status) ?? []), answer])
    }
    for (const member of type.isUnion() ? type.types : [type]) {
      const status = member.getProperty('__status')
      if (!status) {
        if (member.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) {
          this.problem('answers without a typed body (response.send(), a redirect)')
          continue
        }
        add(200, this.#body(member))
        continue
      }
      const statusType = this.checker.getTypeOfSymbol(status)
      const codes = (statusType.isUnion() ? statusType.types : [statusType]).map((code) =>
        code.isNumberLiteral() ? code.value : null
      )
      if (codes.includes(null)) {
        this.problem(
          `a status typed ${this.checker.typeToString(statusType)}: answer with a literal one`
        )
        continue
      }
      const body = member.getProperty('__response')
      const answer = body ? this.#body(this.checker.getTypeOfSymbol(body)) : {}
      for (const code of codes) add(code!, answer)
    }
    const described: Record<string, RouteAnswer> = {}
    for (const [status, bodies] of [...byStatus].sort(([a], [b]) => a - b)) {
      described[status] = mergeAnswers(bodies)
    }
    return described
  }

  #body(type: ts.Type): RouteAnswer {
    if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return {}
    if (this.#isBinary(type)) return { binary: true }
    return { schema: this.schema(type) }
  }

  #isBinary(type: ts.Type) {
    const name = (type.aliasSymbol ?? type.getSymbol())?.getName()
    return name !== undefined && BINARY_TYPES.has(name)
  }

  schema(type: ts.Type): JsonSchema {
    const { flags } = type
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      this.problem(`a value typed ${this.checker.typeToString(type)}`)
      return {}
    }
    if (flags & ts.TypeFlags.Null) return { type: 'null' }
    if (type.isStringLiteral()) return { type: 'string', const: type.value }
    if (type.isNumberLiteral()) return { type: 'number', const: type.value }
    if (flags & ts.TypeFlags.BooleanLiteral) {
      return { type: 'boolean', const: this.checker.typeToString(type) === 'true' }
    }
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: 'string' }
    if (flags & ts.TypeFlags.Number) return { type: 'number' }
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' }
    if (type.isUnion()) return this.#union(type.types)
    if (type.isIntersection()) {
      // A branded primitive (`string & { brand }`) is its primitive.
      const primitive = type.types.find((part) => !(part.flags & ts.TypeFlags.Object))
      if (primitive) return this.schema(primitive)
      if (type.types.some((part) => this.checker.isArrayType(part))) {
        this.problem(`an intersection of arrays (${this.checker.typeToString(type)})`)
        return {}
      }
    }
    if (flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return this.#object(type)
    this.problem(`a value typed ${this.checker.typeToString(type)} has no JSON form`)
    return {}
  }

  #union(types: readonly ts.Type[]): JsonSchema {
    const members = types.filter(
      (member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
    )
    const schemas = dedupe(members.map((member) => this.schema(member)))
    // `true | false` is how TypeScript spells boolean.
    const booleans = schemas.filter((schema) => schema.type === 'boolean' && 'const' in schema)
    const merged =
      booleans.length === 2
        ? [{ type: 'boolean' }, ...schemas.filter((schema) => !booleans.includes(schema))]
        : schemas
    if (merged.length === 1) return merged[0]
    const literals = merged.filter((schema) => 'const' in schema)
    const kinds = new Set(merged.map((schema) => schema.type))
    if (literals.length === merged.length && kinds.size === 1) {
      return { type: merged[0].type, enum: literals.map((schema) => schema.const) }
    }
    const nullable = merged.filter((schema) => schema.type === 'null')
    const rest = merged.filter((schema) => schema.type !== 'null')
    if (nullable.length === 1 && rest.length === 1 && typeof rest[0].type === 'string') {
      const { const: only, ...schema } = rest[0]
      const values = 'const' in rest[0] ? [only] : (schema.enum as unknown[] | undefined)
      return {
        ...schema,
        type: [schema.type, 'null'],
        ...(values ? { enum: [...values, null] } : {}),
      }
    }
    if (nullable.length === 1 && rest.length > 1 && rest.every((schema) => 'const' in schema)) {
      const kind = new Set(rest.map((schema) => schema.type))
      if (kind.size === 1) {
        return { type: [rest[0].type, 'null'], enum: [...rest.map((s) => s.const), null] }
      }
    }
    return { anyOf: merged }
  }

  #object(type: ts.Type): JsonSchema {
    if (this.#isBinary(type)) {
      this.problem('bytes inside a JSON body')
      return {}
    }
    const toJSON = type.getProperty('toJSON')
    if (toJSON) {
      const [signature] = this.checker.getTypeOfSymbol(toJSON).getCallSignatures()
      if (signature) return this.schema(this.checker.getReturnTypeOfSignature(signature))
    }
    if (this.checker.isArrayType(type)) {
      const [item] = this.checker.getTypeArguments(type as ts.TypeReference)
      return { type: 'array', items: this.schema(item) }
    }
    if (this.checker.isTupleType(type)) {
      const items = this.checker.getTypeArguments(type as ts.TypeReference)
      return {
        type: 'array',
        prefixItems: items.map((item) => this.schema(item)),
        minItems: items.length,
        maxItems: items.length,
      }
    }
    if (this.#inProgress.has(type)) {
      this.problem(`a recursive type (${this.checker.typeToString(type)})`)
      return {}
    }
    this.#inProgress.add(type)
    try {
      return this.#fields(type)
    } finally {
      this.#inProgress.delete(type)
    }
  }

  #fields(type: ts.Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {}
    const required: string[] = []
    for (const property of this.checker.getPropertiesOfType(type)) {
      // Symbol keys (`__@iterator@12`) never reach JSON.
      if (property.name.startsWith('__@')) continue
      const propertyType = this.checker.getTypeOfSymbol(property)
      // JSON.stringify leaves functions out, and so do we.
      if (propertyType.getCallSignatures().length > 0) continue
      const members = propertyType.isUnion() ? propertyType.types : [propertyType]
      if (members.every((member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))) {
        continue
      }
      properties[property.name] = this.schema(propertyType)
      const optional =
        property.flags & ts.SymbolFlags.Optional ||
        members.some((member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))
      if (!optional) required.push(property.name)
    }
    const index = this.checker.getIndexInfosOfType(type).find((info) => {
      return info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number)
    })
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: index ? this.schema(index.type) : false,
    }
  }
}

function dedupe(schemas: JsonSchema[]) {
  const seen = new Map<string, JsonSchema>()
  for (const schema of schemas) seen.set(JSON.stringify(schema), schema)
  return [...seen.values()]
}

/** The bodies one status may have: one schema, or any of them. */
function mergeAnswers(answers: RouteAnswer[]): RouteAnswer {
  if (answers.some((answer) => answer.binary)) return { binary: true }
  const schemas = dedupe(answers.flatMap((answer) => (answer.schema ? [answer.schema] : [])))
  if (schemas.length === 0) return {}
  return { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } }
}
