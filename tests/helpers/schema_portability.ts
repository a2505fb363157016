type Schema = Record<string, unknown>

/** Formats every client's dialect reads (Gemini's function declarations take no other). */
const PORTABLE_FORMATS = new Set(['date-time'])
const INT32_MIN = -(2 ** 31)
const INT32_MAX = 2 ** 31 - 1
const COMPOSITIONS = ['anyOf', 'oneOf', 'allOf', 'not']
const REFERENCES = ['$ref', '$defs', 'definitions', '$dynamicRef']

type Walk = { input: boolean; problems: string[] }

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `anyOf: [X, { type: 'null' }]`: the one composition an answer's schema may use, for null. */
function isNullableBranchPair(node: Schema) {
  const branches = node.anyOf
  return (
    Array.isArray(branches) &&
    branches.length === 2 &&
    branches.some((branch) => isRecord(branch) && branch.type === 'null') &&
    Object.keys(node).every((key) => key === 'anyOf' || key === 'description')
  )
}

function checkNode(node: unknown, path: string, walk: Walk) {
  const problem = (issue: string) => walk.problems.push(`${path || '(root)'}: ${issue}`)
  if (!isRecord(node)) {
    problem('a bare boolean or non-object where a schema belongs')
    return
  }
  for (const key of REFERENCES)
    if (key in node) problem(`${key} (clients do not resolve references)`)
  if ('const' in node) problem('const (say the value with a one-value range or in words)')
  const composed = COMPOSITIONS.filter((key) => key in node)
  if (composed.length > 0 && (walk.input || !isNullableBranchPair(node))) {
    problem(`${composed.join(', ')} (one plain type per value)`)
  }
  if (isNullableBranchPair(node)) {
    ;(node.anyOf as unknown[]).forEach((branch, index) =>
      checkNode(branch, `${path}.anyOf[${index}]`, walk)
    )
    return
  }
  const type = node.type
  if (Array.isArray(type)) problem(`type is an array (${JSON.stringify(type)})`)
  else if (typeof type !== 'string') problem('no type')
  if (Array.isArray(node.enum) && node.enum.length < 2) problem('an enum of one value')
  if (typeof node.format === 'string' && !PORTABLE_FORMATS.has(node.format)) {
    problem(`format "${node.format}"`)
  }
  if (typeof node.pattern === 'string' && /\\[pP]\{/.test(node.pattern)) {
    problem('a pattern with Unicode property escapes')
  }
  if (type === 'integer') {
    const { minimum, maximum } = node as { minimum?: number; maximum?: number }
    if ((minimum ?? INT32_MIN) < INT32_MIN || (maximum ?? INT32_MAX) > INT32_MAX) {
      problem('an integer beyond int32')
    }
  }
  if ('additionalProperties' in node && node.additionalProperties !== false) {
    problem('additionalProperties other than false')
  }
  if (type === 'object') {
    if (!isRecord(node.properties)) {
      problem('an object without properties')
    } else {
      for (const [name, property] of Object.entries(node.properties)) {
        const at = path ? `${path}.${name}` : name
        if (walk.input && !(isRecord(property) && isDescribed(property))) {
          walk.problems.push(`${at}: no description`)
        }
        checkNode(property, at, walk)
      }
    }
  }
  if (type === 'array') {
    if (node.items === undefined) problem('an array without items')
    else checkNode(node.items, `${path}[]`, walk)
  }
}

function isDescribed(property: Schema) {
  return typeof property.description === 'string' && /^\S.{9,}[.)]$/s.test(property.description)
}

/**
 * What keeps a tool's schema from being read alike by every MCP client
 * (the MCP Inspector's portability warnings, and the JSON Schema subsets of
 * Gemini and OpenAI's strict mode): type arrays, references, compositions,
 * one-value enums and consts, formats and regex features other dialects
 * lack, open objects, untyped values. An input's every property must also
 * say what it is, in a sentence. Each problem is `path: issue`.
 */
export function portabilityProblems(schema: unknown, kind: 'input' | 'output') {
  const walk: Walk = { input: kind === 'input', problems: [] }
  if (!isRecord(schema) || schema.type !== 'object') {
    return ['(root): not a plain object schema']
  }
  checkNode(schema, '', walk)
  return walk.problems
}
