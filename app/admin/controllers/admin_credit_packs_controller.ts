import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeleteCreditPack } from '#billing/actions/delete_credit_pack'
import { SaveCreditPack, type SaveCreditPackResult } from '#billing/actions/save_credit_pack'
import { ListCreditPacks } from '#billing/queries/list_credit_packs'
import CreditPackTransformer from '#billing/transformers/credit_pack_transformer'
import { creditPackValidator } from '#billing/validators/catalogue'
import { WriteAnswer } from '#core/http/write_answer'
import { formRefusal } from '#admin/answers'

/** /api/admin/credit-packs and the /admin page's pack form, over billing's actions. */
export default class AdminCreditPacksController {
  async index() {
    return apiSerializer.serialize(
      CreditPackTransformer.transform(await new ListCreditPacks().all())
    )
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(creditPackValidator)
    const result = await new SaveCreditPack().handle(input)
    return this.#answer(new WriteAnswer(ctx), result, 201, 'Credit pack created successfully!')
  }

  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(creditPackValidator)
    const result = await new SaveCreditPack().handle(input, Number(ctx.params.id))
    return this.#answer(new WriteAnswer(ctx), result, 200, 'Credit pack updated successfully!')
  }

  async destroy(ctx: HttpContext) {
    const answer = new WriteAnswer(ctx)
    switch (await new DeleteCreditPack().handle(Number(ctx.params.id))) {
      case 'deleted':
        return answer.done(
          200,
          {
            message: 'Credit pack deleted successfully!',
          },
          'Credit pack deleted successfully!'
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Credit pack not found')
    }
  }

  async #answer(
    answer: WriteAnswer,
    result: SaveCreditPackResult,
    status: 200 | 201,
    message: string
  ) {
    switch (result.status) {
      case 'saved':
        return answer.done(
          status,
          await apiSerializer.serialize(CreditPackTransformer.transform(result.pack)),
          message
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Credit pack not found')
    }
  }
}
