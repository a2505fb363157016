/**
 * A series' topics from a CSV (docs/series.md, Topics): RFC 4180 fields
 * (commas, double quotes, "" for a quote, CRLF or LF line ends), a header
 * row naming a `topic` column and an optional `script` column. Every bad row
 * is reported by its number; one bad row and nothing is created.
 */
import { hasControl, topicProblem } from '#shared/series_topics'

export const MAX_TOPICS = 500

export type TopicRow = { topic: string; script: string | null }

export type TopicCsvResult =
  { status: 'parsed'; rows: TopicRow[] } | { status: 'refused'; errors: string[] }

/** At most this many row errors are listed; the rest are counted. */
const LISTED_ERRORS = 20

export function parseTopicCsv(text: string): TopicCsvResult {
  if (text.includes('\uFFFD')) {
    return refused(['The file is not UTF-8 text. Save it as CSV UTF-8 and upload it again.'])
  }
  if (hasControl(text)) {
    return refused(['The file holds control characters (such as NUL bytes): it is not a CSV.'])
  }
  const records = readRecords(text.replace(/^\uFEFF/, ''))
  if (records.status === 'refused') return records
  const [header, ...body] = records.rows.filter(
    (row) => !(row.length === 1 && row[0].trim() === '')
  )
  if (!header) return refused(['The file is empty. Add a header row with a "topic" column.'])
  const names = header.map((name) => name.trim().toLowerCase())
  const topicAt = names.indexOf('topic')
  const scriptAt = names.indexOf('script')
  if (topicAt === -1) {
    return refused(['The first row must name the columns, with a "topic" column.'])
  }
  if (body.length === 0) return refused(['The file has no topics under its header row.'])
  if (body.length > MAX_TOPICS) {
    return refused([`A series takes up to ${MAX_TOPICS} topics; the file has ${body.length}.`])
  }

  const errors: string[] = []
  const rows: TopicRow[] = []
  body.forEach((fields, index) => {
    // The header is row 1, as a spreadsheet numbers it.
    const problem = rowProblem(fields, topicAt, scriptAt, header.length)
    if (problem) {
      errors.push(`Row ${index + 2}: ${problem}`)
      return
    }
    const script = scriptAt === -1 ? '' : fields[scriptAt].trim()
    rows.push({ topic: fields[topicAt].trim(), script: script === '' ? null : script })
  })
  if (errors.length > 0) {
    const listed = errors.slice(0, LISTED_ERRORS)
    if (errors.length > LISTED_ERRORS) {
      listed.push(`…and ${errors.length - LISTED_ERRORS} more rows with errors.`)
    }
    return refused(listed)
  }
  return { status: 'parsed', rows }
}

/** Topics typed one per line: blank lines left out. */
export function topicLines(text: string): TopicRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((topic) => ({ topic, script: null }))
}

function rowProblem(fields: string[], topicAt: number, scriptAt: number, columns: number) {
  if (fields.length !== columns) {
    return `has ${fields.length} fields, the header has ${columns}`
  }
  const script = scriptAt === -1 ? null : fields[scriptAt].trim()
  return topicProblem(fields[topicAt].trim(), script === '' ? null : script)
}

type Records = { status: 'read'; rows: string[][] } | { status: 'refused'; errors: string[] }

/**
 * RFC 4180 records. Reading stops as soon as there are more rows than a
 * series takes (plus the header and a blank line), so a file of 100,000
 * rows costs no more than one of 502.
 */
function readRecords(text: string): Records {
  const rows: string[][] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endRecord = () => {
    fields.push(field)
    rows.push(fields)
    fields = []
    field = ''
  }
  while (i < text.length) {
    const char = text[i]
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        field += char
      }
      i += 1
      continue
    }
    if (char === '"') {
      if (field !== '') {
        return refused([`Row ${rows.length + 1}: a quote inside an unquoted field.`])
      }
      quoted = true
    } else if (char === ',') {
      fields.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRecord()
      i += 1
    } else if (char === '\n' || char === '\r') {
      endRecord()
    } else {
      field += char
    }
    i += 1
    if (rows.length > MAX_TOPICS + 2) {
      return refused([`A series takes up to ${MAX_TOPICS} topics; the file has more.`])
    }
  }
  if (quoted) return refused([`Row ${rows.length + 1}: a quoted field is never closed.`])
  if (field !== '' || fields.length > 0) endRecord()
  return { status: 'read', rows }
}

function refused(errors: string[]) {
  return { status: 'refused', errors } as const
}
