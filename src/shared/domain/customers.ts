/**
 * Moved to ./users.ts (account holders are `users` in code). The renderer still imports these names from
 * here; its refactor points them at ./users and deletes this file.
 */
export { adjustableFields, fieldLabels, formatFieldValue, previewAdjustment, type AdjustableField, type KycDecision } from './users';
