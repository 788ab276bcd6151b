import type { PreviewGiven } from '../shared/contract';
import { previewOf, type StatusPreview } from '../shared/domain/previews';
import { AppError } from '../shared/result';
import type { LedgerStore } from './ports/ledgerStore';
import { recordingReader, versionOf } from './readVersion';
import type { StatusRule } from './statusRules';

/**
 * Status-change previews: the commit's own reads (plain reads, no transaction) and its own rule,
 * nothing written. A record that does not exist is NOT_FOUND; a change the rule refuses is a
 * preview with allowed false and the rule's reason, so the dialog can say why before any click.
 */
export interface PreviewContext {
  store: LedgerStore;
  platformName: string;
}

export const statusPreviewWith =
  <S extends string, I>(rule: StatusRule<S, I>) =>
  (ctx: PreviewContext, id: string, status: S, given: PreviewGiven = {}): Promise<StatusPreview> =>
    ctx.store.inspect(async (read) => {
      const { reader, reads } = recordingReader(read);
      const input = await rule.gather(reader, id, status, ctx.platformName, given.txid);
      if (!input.ok) throw new AppError(input.error.code, input.error.message);
      // With the override reason the preview says what the change with it does, as the commit will decide.
      const decision = rule.decide(input.value, status, { overrideReason: given.overrideReason ?? null });
      const version = versionOf(reads, decision.ok ? decision.value : null);
      const overrides = rule.overrides?.(input.value, status) ?? [];
      const need = decision.ok ? (rule.approval?.(input.value, status, id) ?? null) : null;
      return { ...previewOf(decision, { ...rule.facts(input.value, status, decision), overrides, version }), needsApproval: need?.why ?? null };
    });
