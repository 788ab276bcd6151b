import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormGetValues, UseFormReset, UseFormWatch } from 'react-hook-form';
import type { z } from 'zod';
import { api, call } from './api';

/** What a draft may hold: plain JSON, as the contract's drafts.put accepts. */
export type Json = z.core.util.JSONType;

/**
 * What a draft must be to come back: a zod schema, or anything with its safeParse (the sign-in
 * page's one string check, which keeps zod out of that page's download).
 */
export interface DraftCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Long enough not to call the main process on every keystroke, short enough that an idle sign-out finds it written. */
export const DRAFT_WRITE_DELAY_MS = 400;

/** A draft the main process keeps for this administrator, or null (none, or the session has ended). */
export async function readDraft(key: string): Promise<unknown> {
  try {
    return (await call(() => api().drafts.get({ key }))).value;
  } catch {
    return null;
  }
}

/**
 * Keeps (or, with null, forgets) a draft. A refused write is harmless: the last one that reaches a
 * page unmounted by the sign-out itself finds the session ended, and the earlier writes already hold it.
 */
export function writeDraft(key: string, value: Json | null): void {
  void call(() => api().drafts.put({ key, value })).catch(() => undefined);
}

export interface Draft<T> {
  /** False until the main process has answered; saves before then are ignored, so they never overwrite the draft. */
  loaded: boolean;
  /** What came back when the screen opened, or null. */
  restored: T | null;
  /** Keeps the value a moment later (debounced), and at once when the screen closes; null forgets. */
  save(value: T | null): void;
  /** Sent or saved, or discarded by the administrator: nothing comes back any more. */
  forget(): void;
}

/**
 * What the administrator types on a screen, kept by the main process so an idle sign-out loses
 * nothing: read once when the screen opens (a value the schema refuses counts as none).
 */
export function useDraft<T extends Json>(key: string, schema: DraftCheck<T>): Draft<T> {
  const [state, setState] = useState<{ key: string; loaded: boolean; restored: T | null }>({ key, loaded: false, restored: null });
  const pending = useRef<{ value: T | null } | null>(null);
  /** What the main process holds, as JSON, so an unchanged value is not sent again. */
  const written = useRef('null');
  const timer = useRef<number | undefined>(undefined);
  const loadedKey = useRef<string | null>(null);
  const schemaRef = useRef(schema);
  schemaRef.current = schema;

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next || loadedKey.current !== key) return;
    const json = JSON.stringify(next.value);
    if (json === written.current) return;
    written.current = json;
    writeDraft(key, next.value);
  }, [key]);

  useEffect(() => {
    let open = true;
    loadedKey.current = null;
    void readDraft(key).then((value) => {
      if (!open) return;
      const parsed = value === null ? null : schemaRef.current.safeParse(value);
      const restored = parsed?.success ? parsed.data : null;
      written.current = JSON.stringify(restored);
      loadedKey.current = key;
      setState({ key, loaded: true, restored });
    });
    return () => {
      open = false;
      flush();
    };
  }, [key, flush]);

  const save = useCallback(
    (value: T | null) => {
      if (loadedKey.current !== key) return;
      pending.current = { value };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    },
    [key, flush]
  );

  const forget = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    written.current = 'null';
    writeDraft(key, null);
    setState((current) => (current.restored === null ? current : { ...current, restored: null }));
  }, [key]);

  const current = state.key === key ? state : { loaded: false, restored: null };
  return { loaded: current.loaded, restored: current.restored, save, forget };
}

/** The part of a react-hook-form form a draft needs. */
export interface DraftedForm<T extends FieldValues> {
  watch: UseFormWatch<T>;
  getValues: UseFormGetValues<T>;
  reset: UseFormReset<T>;
}

interface FormDraftRules<T> {
  /** Nothing typed worth keeping: saved as no draft. */
  blank: (values: T) => boolean;
  /** Whether the kept draft may replace what the form holds now (it never replaces what was typed meanwhile). */
  restorable: (kept: T, now: T) => boolean;
}

/**
 * A form's draft: what was kept comes back into the form when it opens (unless `restorable` says
 * no: then that draft is set aside, and kept until something else is typed), and every change is
 * kept again. `forget` after sending or discarding.
 */
export function useFormDraft<T extends FieldValues & Json>(key: string, schema: DraftCheck<T>, form: DraftedForm<T>, rules: FormDraftRules<T>) {
  const { watch, getValues, reset } = form;
  const { loaded, restored: kept, save, forget } = useDraft(key, schema);
  const [restored, setRestored] = useState(false);
  const applied = useRef(false);
  const setAside = useRef(false);
  const latestRules = useRef(rules);
  latestRules.current = rules;

  useEffect(() => {
    if (!loaded || applied.current) return;
    applied.current = true;
    if (!kept) return;
    if (!latestRules.current.restorable(kept, getValues())) {
      setAside.current = true;
      return;
    }
    reset(kept);
    setRestored(true);
  }, [loaded, kept, getValues, reset]);

  useEffect(() => {
    const subscription = watch(() => {
      const values = getValues();
      const blank = latestRules.current.blank(values);
      if (!blank) setAside.current = false;
      if (!setAside.current) save(blank ? null : values);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, save]);

  return {
    restored,
    forget: () => {
      setRestored(false);
      setAside.current = false;
      forget();
    }
  };
}
