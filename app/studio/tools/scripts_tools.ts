import { answered, defineTool, refused } from '#core/mcp/tool'
import { paidCallLimits } from '#config/limiter'
import { WriteScript, scriptLanguage } from '#studio/actions/write_script'
import { speechUnits } from '#studio/services/scene_splitter'
import { languageNamed } from '#shared/languages'
import { SCRIPT_LENGTHS } from '#studio/limits'
import { generateScriptValidator } from '#studio/validators/project'

export default [
  defineTool({
    name: 'write_script',
    operation: 'studio.scripts.generate',
    title: 'Write a script with AI',
    description:
      'Writes a narration script about a description: prompt (what the video is about, up to ' +
      `2,000 characters), targetLength in seconds (one of ${SCRIPT_LENGTHS.join(', ')}; at ` +
      'the language’s pace, 2.5 words a second in English: list_languages), optionally style ' +
      '(from list_styles), mood and language (your profile’s by default). Costs no credits; limited to ' +
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
      const language = languageNamed(scriptLanguage(user, args.language))
      const units = speechUnits(result.script.script, language)
      return answered(
        result.script,
        `A script of ${units} ${language.unit}s. Pass it as script to create_project, with ` +
          `voice.language ${language.name}.`
      )
    },
  }),
]
