import { z } from 'zod';
import { approvalKinds, approvalStates } from '../domain/approvals';
import { id, operationId } from './common';

/** One approval request as the Approvals screen lists it (docs/product-rules.md §15.4). */
export const approvalRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(approvalKinds),
  /** The record the decision changes ('withdrawals/abc'). */
  target: z.string(),
  /** The state now: a request past its 72 hours reads as expired. */
  state: z.enum(approvalStates),
  /** What would be applied, in words ("Approve withdrawal abc of $1,500.00 to 0x…"). */
  summary: z.string(),
  /** Why a second administrator is needed (the policy's words). */
  why: z.string(),
  /** The exact decision, as its contract method takes it (the method's input without its operationId). */
  method: z.string(),
  decision: z.record(z.string(), z.unknown()),
  /** The preview's version the maker decided on: a record changed since fails the request, nothing applied. */
  previewVersion: z.string().nullable(),
  requestedBy: z.object({ uid: z.string(), email: z.string() }),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: z.object({ uid: z.string(), email: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** A rejection's reason, or why an approved request failed. */
  reason: z.string().nullable()
});
export type ApprovalRequest = z.output<typeof approvalRequestSchema>;

export const approvalsListInputSchema = z.object({ state: z.enum(approvalStates).optional() }).strict();
export const approvalsListSchema = z.object({ requests: z.array(approvalRequestSchema) });

export const approvalDecideInputSchema = z
  .object({ id, decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(500).optional(), operationId })
  .strict()
  .refine((input) => input.decision === 'approve' || (input.reason ?? '').length >= 3, {
    message: 'Say why you reject it (at least 3 characters): the administrator who asked reads it.',
    path: ['reason']
  });
export const approvalCancelInputSchema = z.object({ id }).strict();

/** What deciding or cancelling did: the request's state after it, and a sentence saying so. */
export const approvalOutcomeSchema = z.object({ state: z.enum(approvalStates), message: z.string() });
