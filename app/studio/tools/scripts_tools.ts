import { answered, defineTool, refused } from '#core/mcp/tool'
import { paidCallLimits } from '#config/limiter'
import { WriteScript } from '#studio/actions/write_script'
import { SCRIPT_LENGTHS } from '#studio/limits'
import { generateScriptValidator } from '#studio/validators/project'

export default [
  defineTool({
    name: 'write_script',
    operation: 'studio.scripts.generate',
    title: 'Write a script with AI',
    description:
      'Writes a narration script about a description: prompt (what the video is about, up to ' +
      `2,000 characters), targetLength in seconds (one of ${SCRIPT_LENGTHS.join(', ')}; about ` +
      '2.5 words a second), optionally style (from list_styles), mood and ' +
      'language. Costs no credits; limited to ' +
      `${paidCallLimits.script.requests} a minute. Next: create_project with the script.`,
    input: generateScriptValidator,
    outputSchema: {
      type: 'object',
      properties: { script: { type: 'string' } },
      required: ['script'],
    },
    async handle({ user, args, container }) {
      const writeScript = await container.make(WriteScript)
      const result = await writeScript.handle(user, args)
      if (result.status === 'provider_failed') return refused(result.message)
      const words = result.script.script.split(/\s+/).filter(Boolean).length
      return answered(
        result.script,
        `A script of ${words} words. Pass it as script to create_project.`
      )
    },
  }),
]
