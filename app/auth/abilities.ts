import { Bouncer } from '@adonisjs/bouncer'
import type User from '#auth/models/user'
import { isOperator } from '#auth/services/operator'

/**
 * The admin area (/admin*, /api/admin/*, music uploads): the operator only.
 */
export const accessAdminArea = Bouncer.ability((user: User) => isOperator(user))
