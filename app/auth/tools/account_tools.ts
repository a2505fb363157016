import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool } from '#core/mcp/tool'
import app from '@adonisjs/core/services/app'
import { AccountStanding } from '#auth/contracts/account_standing'
import UserTransformer from '#auth/transformers/user_transformer'

export default [
  defineTool({
    name: 'get_balance',
    operation: 'auth.user.show',
    title: 'Get the credit balance',
    description:
      'Your credits and plan. A credit is a second of video: generate_video charges ' +
      'creditsNeeded (see get_project) and is refused when the balance is short. Costs no credits.',
    outputSchema: {
      type: 'object',
      properties: { credits: { type: 'integer' }, plan: { type: 'string' } },
      required: ['credits', 'plan'],
    },
    async handle({ user }) {
      const standing = await app.container.make(AccountStanding)
      const balance = await apiSerializer.serialize(
        UserTransformer.transform(await standing.account(user)).useVariant('forBalance')
      )
      return answered(balance, `${balance.credits} credits on the ${balance.plan} plan.`)
    },
  }),
]
