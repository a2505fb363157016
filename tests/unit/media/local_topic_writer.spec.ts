import { test } from '@japa/runner'
import fc from 'fast-check'
import { LocalScriptWriter } from '#media/providers/local/local_script_writer'
import { topicKey, writeTopicsOffline } from '#media/providers/local/local_topic_writer'
import { MAX_TOPIC_LENGTH, topicProblem } from '#shared/series_topics'

/** Subjects as customers type them, hostile ones among them. */
const SUBJECTS = [
  '30 topics about home coffee brewing',
  'home coffee brewing',
  'cats',
  'The history of Lisbon trams',
  'iPhone photography',
  'Give me video ideas on budget travel in Japan',
  '=HYPERLINK("http://evil")',
  '-- sourdough --',
  '@everyone houseplants',
  'café en casa',
  'カフェの淹れ方',
  '!!! 42',
  `${'very long subject '.repeat(11)}end`,
]

test.group('Offline topic writer', () => {
  test('for 20 seeds and subjects: exactly count distinct topics, each one a series takes, the same every time', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...SUBJECTS),
          fc.string({ minLength: 3, maxLength: 200 }),
          fc
            .array(fc.constantFrom('coffee', 'the', 'of', 'Tokyo', 'brewing', 'home', '+1'), {
              minLength: 1,
              maxLength: 12,
            })
            .map((words) => words.join(' '))
        ),
        fc.integer({ min: 1, max: 100 }),
        (about, count) => {
          const topics = writeTopicsOffline(about, count)
          if (topics.length !== count) throw new Error(`${topics.length} topics for ${count}`)
          if (new Set(topics.map(topicKey)).size !== count) throw new Error('a topic twice')
          for (const topic of topics) {
            const problem = topicProblem(topic)
            if (problem) throw new Error(`"${topic}": ${problem}`)
            if (topic.length > MAX_TOPIC_LENGTH) throw new Error(`"${topic}" is too long`)
          }
          const again = writeTopicsOffline(about, count)
          if (JSON.stringify(again) !== JSON.stringify(topics)) throw new Error('not deterministic')
        }
      ),
      { numRuns: 20, seed: 39 }
    )
  })

  test('reads as video titles about the subject, the request around it left out', ({ assert }) => {
    const topics = writeTopicsOffline('30 topics about home coffee brewing', 30)

    assert.lengthOf(topics, 30)
    assert.isTrue(
      topics.every((topic) => /coffee|brewing/i.test(topic)),
      topics.join('\n')
    )
    assert.isFalse(topics.some((topic) => /30 topics|topics about/i.test(topic)))
    assert.isAtLeast(topics.filter((topic) => /home coffee brewing/i.test(topic)).length, 10)
    assert.isTrue(
      topics.every((topic) => /^[\p{Lu}\d]/u.test(topic)),
      'each starts as a title'
    )
  })

  test('a longer list starts with the shorter one; another subject, another order', ({
    assert,
  }) => {
    const ten = writeTopicsOffline('home coffee brewing', 10)
    const hundred = writeTopicsOffline('home coffee brewing', 100)
    const tea = writeTopicsOffline('home tea brewing', 10)

    assert.deepEqual(hundred.slice(0, 10), ten)
    assert.notDeepEqual(
      tea.map((topic) => topic.replace('tea', 'coffee')),
      ten,
      'the subject seeds the order'
    )
  })

  test('a framing is dropped and a name keeps its capitals', ({ assert }) => {
    const lisbon = writeTopicsOffline('The history of Lisbon trams', 100)
    const iphone = writeTopicsOffline('iPhone photography', 100)

    assert.isFalse(
      lisbon.some((topic) => /history of Lisbon/i.test(topic)),
      lisbon.join('\n')
    )
    assert.isFalse(lisbon.some((topic) => topic.includes('lisbon')))
    assert.isTrue(iphone.some((topic) => topic.startsWith('iPhone photography')))
    assert.isFalse(iphone.some((topic) => topic.includes('IPhone')))
  })

  test('LocalScriptWriter writes topics in English and says so for another language', async ({
    assert,
  }) => {
    const writer = new LocalScriptWriter()

    const written = await writer.topics({ about: 'café en casa', count: 5, language: 'spanish' })

    assert.equal(written.language, 'english')
    assert.deepEqual(written.topics, writeTopicsOffline('café en casa', 5))
  })
})
