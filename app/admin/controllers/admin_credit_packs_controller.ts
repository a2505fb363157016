import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeleteCreditPack } from '#billing/actions/delete_credit_pack'
import { SaveCreditPack, type SaveCreditPackResult } from '#billing/actions/save_credit_pack'
import { ListCreditPacks } from '#billing/queries/list_credit_packs'
import CreditPackTransformer from '#billing/transformers/credit_pack_transformer'
import { creditPackValidator } from '#billing/validators/catalogue'

/** /api/admin/credit-packs over billing's actions. */
export default class AdminCreditPacksController {
  async index() {
    return apiSerializer.serialize(
      CreditPackTransformer.transform(await new ListCreditPacks().all())
    )
  }

  async store({ request, response }: HttpContext) {
    const input = await request.validateUsing(creditPackValidator)
    return this.#answer(response, await new SaveCreditPack().handle(input), 201)
  }

  async update({ params, request, response }: HttpContext) {
    const input = await request.validateUsing(creditPackValidator)
    return this.#answer(response, await new SaveCreditPack().handle(input, Number(params.id)), 200)
  }

  async destroy({ params, response }: HttpContext) {
    switch (await new DeleteCreditPack().handle(Number(params.id))) {
      case 'deleted':
        return response.ok({ message: 'Credit pack deleted successfully!' })
      case 'not_found':
        return response.notFound({ message: 'Credit pack not found' })
    }
  }

  async #answer(
    response: HttpContext['response'],
    result: SaveCreditPackResult,
    status: 200 | 201
  ) {
    switch (result.status) {
      case 'saved':
        return response
          .status(status)
          .json(await apiSerializer.serialize(CreditPackTransformer.transform(result.pack)))
      case 'not_found':
        return response.notFound({ message: 'Credit pack not found' })
    }
  }
}
