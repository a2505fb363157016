import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeletePlan } from '#billing/actions/delete_plan'
import { SavePlan, type SavePlanResult } from '#billing/actions/save_plan'
import { ListPlans } from '#billing/queries/list_plans'
import PlanTransformer from '#billing/transformers/plan_transformer'
import { planValidator } from '#billing/validators/catalogue'
import { WriteAnswer } from '#core/http/write_answer'
import { formRefusal } from '#admin/answers'

/** /api/admin/plans and the /admin page's plan form, over billing's actions. */
@inject()
export default class AdminPlansController {
  constructor(private savePlan: SavePlan) {}

  async index() {
    return apiSerializer.serialize(
      PlanTransformer.transform(await new ListPlans().all()).useVariant('forAdmin')
    )
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(planValidator)
    const result = await this.savePlan.handle(input)
    return this.#answer(new WriteAnswer(ctx), result, 201, 'Plan created successfully!')
  }

  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(planValidator)
    const result = await this.savePlan.handle(input, Number(ctx.params.id))
    return this.#answer(new WriteAnswer(ctx), result, 200, 'Plan updated successfully!')
  }

  async destroy(ctx: HttpContext) {
    const answer = new WriteAnswer(ctx)
    const result = await new DeletePlan().handle(Number(ctx.params.id))
    switch (result.status) {
      case 'deleted':
        return answer.done(
          200,
          {
            message: 'Plan deleted successfully!',
          },
          'Plan deleted successfully!'
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Plan not found')
      case 'catalogue_plan':
        return formRefusal(
          answer,
          409,
          'The Free, Pro and Agency plans are the catalogue and cannot be deleted'
        )
      case 'has_subscribers':
        return formRefusal(answer, 409, 'This plan has subscriptions and cannot be deleted')
    }
  }

  async #answer(answer: WriteAnswer, result: SavePlanResult, status: 200 | 201, message: string) {
    switch (result.status) {
      case 'saved':
        return answer.done(
          status,
          await apiSerializer.serialize(
            PlanTransformer.transform(result.plan).useVariant('forAdmin')
          ),
          message
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Plan not found')
      case 'price_taken':
        return answer.fieldError(
          'stripePriceId',
          `The ${result.by.name} plan already uses this Stripe price ID: each plan needs its own price.`
        )
      case 'price_id_required':
        return answer.fieldError(
          'stripePriceId',
          'Stripe price ID is required: with Stripe, a paid plan is sold at its Stripe price'
        )
      case 'yearly_not_offered':
        return answer.fieldError(
          'interval',
          'Yearly plans are not offered: customers only ever see monthly plans, so a yearly one could never be bought. Choose month.'
        )
    }
  }
}
