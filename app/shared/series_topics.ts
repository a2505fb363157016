/**
 * What a series' topic may be (docs/series.md, Limits): the rules typed
 * topics, a CSV's rows and the script writers' generated topics all pass,
 * so a written topic is always one the customer could have typed.
 */

export const MAX_TOPIC_LENGTH = 200
export const MAX_TOPIC_SCRIPT_LENGTH = 10_000

/** A formula a spreadsheet would run when the topics are exported again (CWE-1236). */
const FORMULA_START = /^[=+\-@\t\r]/

const HAS_WORD = /[\p{L}\p{N}]/u

/** Whether the text holds a control character other than tab and line ends: a NUL byte or worse. */
export function hasControl(text: string) {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true
  }
  return false
}

/** What is wrong with one topic (and its script, when it has one), or null. */
export function topicProblem(topic: string, script: string | null = null): string | null {
  if (topic === '') return 'topic is empty'
  if (topic.length > MAX_TOPIC_LENGTH) {
    return `topic is longer than ${MAX_TOPIC_LENGTH} characters`
  }
  if (!HAS_WORD.test(topic)) return 'topic has no letter or digit'
  if (FORMULA_START.test(topic)) return 'topic starts like a spreadsheet formula (=, +, -, @)'
  if (hasControl(topic)) return 'topic holds control characters'
  if (script !== null) {
    if (script.length > MAX_TOPIC_SCRIPT_LENGTH) {
      return `script is longer than ${MAX_TOPIC_SCRIPT_LENGTH.toLocaleString('en')} characters`
    }
    if (!HAS_WORD.test(script)) return 'script has no letter or digit'
    if (FORMULA_START.test(script)) return 'script starts like a spreadsheet formula (=, +, -, @)'
  }
  return null
}
