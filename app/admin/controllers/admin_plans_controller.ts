import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeletePlan } from '#billing/actions/delete_plan'
import { SavePlan, type SavePlanResult } from '#billing/actions/save_plan'
import { ListPlans } from '#billing/queries/list_plans'
import PlanTransformer from '#billing/transformers/plan_transformer'
import { planValidator } from '#billing/validators/catalogue'

/** /api/admin/plans over billing's actions. */
export default class AdminPlansController {
  async index() {
    return apiSerializer.serialize(
      PlanTransformer.transform(await new ListPlans().all()).useVariant('forAdmin')
    )
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(planValidator)
    return this.#answer(response, await new SavePlan().handle(input), 201)
  }

  async update({ params, request, response }: HttpContext) {
    const input = await request.validateUsing(planValidator)
    return this.#answer(response, await new SavePlan().handle(input, Number(params.id)), 200)
  }

  async destroy({ params, response }: HttpContext) {
    const result = await new DeletePlan().handle(Number(params.id))
    switch (result.status) {
      case 'deleted':
        return response.ok({ message: 'Plan deleted successfully!' })
      case 'not_found':
        return response.notFound({ message: 'Plan not found' })
      case 'catalogue_plan':
        return response.conflict({
          message: 'The Free, Pro and Agency plans are the catalogue and cannot be deleted',
        })
      case 'has_subscribers':
        return response.conflict({ message: 'This plan has subscriptions and cannot be deleted' })
    }
  }

  async #answer(response: HttpContext['response'], result: SavePlanResult, status: 200 | 201) {
    switch (result.status) {
      case 'saved':
        return response
          .status(status)
          .json(
            await apiSerializer.serialize(
              PlanTransformer.transform(result.plan).useVariant('forAdmin')
            )
          )
      case 'not_found':
        return response.notFound({ message: 'Plan not found' })
    }
  }
}
