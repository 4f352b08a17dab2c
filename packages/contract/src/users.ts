import { z } from 'zod'
import { NewPassword, Role } from './auth'
import { emailAddress } from './common'

export const USERS_PAGE_SIZE = 20

/** A person who orders for the business: a row of the Users screen. */
export const SubUser = z
  .object({
    ExtUserID: z.number().int(),
    UserName: z.string(),
    Name: z.string(),
    Email: z.string(),
    Role,
    OrderLimit: z.number().nullable().describe('the most one order may come to, ex GST, before it needs approval; null: none'),
    MonthLimit: z.number().nullable().describe("the most the user's orders in a calendar month may come to, ex GST; null: none"),
    Approver: z.string().nullable().describe("the username of who approves this user's orders; null: any Administrator"),
    CanPayInvoices: z.boolean().describe("whether the user may pay the account's invoices by card: always for an Administrator"),
  })
  .meta({ id: 'SubUser' })
export type SubUser = z.infer<typeof SubUser>

export const UsersQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) })

const Username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters long.')
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, numbers and . _ @ - only.')

export const CreateUserBody = z.object({
  email: emailAddress,
  username: Username,
  password: NewPassword,
  name: z.string().trim().min(1).max(100).optional(),
  role: Role.default('User'),
})
export type CreateUserInput = z.output<typeof CreateUserBody>
export type CreateUserRequest = z.input<typeof CreateUserBody>

/** Changes a user of the account, found by username: e-mail, role and, when given, a new password. */
export const UpdateUserBody = z.object({
  username: z.string().trim().min(1).max(60),
  email: emailAddress.optional(),
  password: NewPassword.optional(),
  name: z.string().trim().min(1).max(100).optional(),
  role: Role.optional(),
})
export type UpdateUserBody = z.input<typeof UpdateUserBody>

export const DeleteUserBody = z.object({ username: z.string().trim().min(1).max(60) })
export type DeleteUserBody = z.infer<typeof DeleteUserBody>
