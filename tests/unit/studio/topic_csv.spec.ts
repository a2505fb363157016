import { test } from '@japa/runner'
import { MAX_TOPICS, parseTopicCsv } from '#studio/series/topic_csv'

test.group('Topic CSV (RFC 4180)', () => {
  test('reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF or LF', ({
    assert,
  }) => {
    const parsed = parseTopicCsv(
      '\uFEFFTopic,Script\r\n' +
        'Pour over,"Slow, steady; the ""bloom"" first."\r\n' +
        '"French press","Four minutes.\nThen press."\n' +
        'Cold brew,\n'
    )
    assert.deepEqual(parsed, {
      status: 'parsed',
      rows: [
        { topic: 'Pour over', script: 'Slow, steady; the "bloom" first.' },
        { topic: 'French press', script: 'Four minutes.\nThen press.' },
        { topic: 'Cold brew', script: null },
      ],
    })
  })

  test('reports every bad row by its number, as a spreadsheet counts them', ({ assert }) => {
    const parsed = parseTopicCsv(
      ['topic,script', 'Good one,', ',a script', '=cmd()|calc,', 'Fine,"@SUM(A1)"', 'a,b,c'].join(
        '\n'
      )
    )
    assert.deepEqual(parsed, {
      status: 'refused',
      errors: [
        'Row 3: topic is empty',
        'Row 4: topic starts like a spreadsheet formula (=, +, -, @)',
        'Row 5: script starts like a spreadsheet formula (=, +, -, @)',
        'Row 6: has 3 fields, the header has 2',
      ],
    })
  })

  test('refuses NUL bytes, text that was not UTF-8, a missing topic column and unclosed quotes', ({
    assert,
  }) => {
    const notUtf8 = new TextDecoder().decode(
      Buffer.from([0x74, 0x6f, 0x70, 0x69, 0x63, 0x0a, 0xff, 0xfe])
    )
    const answers = [
      parseTopicCsv('topic\nbad\u0000byte\n'),
      parseTopicCsv(notUtf8),
      parseTopicCsv('title,script\nCoffee,Beans\n'),
      parseTopicCsv('topic\n"never closed\n'),
      parseTopicCsv(''),
      parseTopicCsv('topic\n'),
    ]
    assert.deepEqual(
      answers.map((answer) => answer.status),
      answers.map(() => 'refused')
    )
    assert.match(
      (answers[0] as { errors: string[] }).errors[0],
      /control characters \(such as NUL bytes\)/
    )
    assert.match((answers[1] as { errors: string[] }).errors[0], /not UTF-8/)
  })

  test('a file of 100,000 rows is refused after reading a few more than a series takes', ({
    assert,
  }) => {
    const huge = 'topic\n' + 'Coffee\n'.repeat(100_000)
    const started = performance.now()
    const parsed = parseTopicCsv(huge)
    assert.deepEqual(parsed, {
      status: 'refused',
      errors: [`A series takes up to ${MAX_TOPICS} topics; the file has more.`],
    })
    assert.isBelow(performance.now() - started, 200)
    const exactly = parseTopicCsv('topic\n' + 'Coffee\n'.repeat(MAX_TOPICS))
    assert.equal(exactly.status, 'parsed')
  })
})
