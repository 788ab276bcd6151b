import { z } from 'zod';
import { roles } from '../domain/roles';
import { id, operationId } from './common';

/** One administrator of this Ledgerdesk team, as the Team screen lists them (docs/product-rules.md §13). */
export const teamMemberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** Whether the account has a second factor enrolled. */
  mfa: z.boolean(),
  /** ISO time of the last sign-in (null: never signed in, e.g. an invitation not yet taken up). */
  lastSignInAt: z.string().nullable(),
  /** A disabled account cannot sign in; its sessions were revoked when it was disabled. */
  disabled: z.boolean(),
  /** ISO time of the invitation (null: made an administrator outside the Team screen, e.g. by grant-admin). */
  invitedAt: z.string().nullable(),
  invitedBy: z.string().nullable()
});
export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamListSchema = z.object({ members: z.array(teamMemberSchema) });

const email = z.string().trim().toLowerCase().email('Enter an e-mail address, like name@example.com.').max(320);

export const teamInviteInputSchema = z.object({ email, role: z.enum(roles), operationId }).strict();
export const teamSetRoleInputSchema = z.object({ uid: id, role: z.enum(roles), operationId }).strict();
export const teamDisableInputSchema = z.object({ uid: id, operationId }).strict();

/** What a team change did, in words, and the member as they are now. */
export const teamChangeSchema = z.object({ message: z.string(), member: teamMemberSchema, approvalRequestId: z.string().optional() });
