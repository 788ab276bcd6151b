import { useEffect, useRef, useState } from 'react';
import type { UseFormGetValues, UseFormReset, UseFormWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useDraft } from '../../lib/drafts';

const recipientSchema = z.object({ id: z.string(), fullname: z.string().nullable(), email: z.string() });
const mailDraftSchema = z.object({ recipient: recipientSchema.nullable(), subject: z.string(), companyName: z.string(), html: z.string() });

/** The form's fields, as typed. */
export type Draft = z.output<typeof mailDraftSchema>;

export const emptyDraft: Draft = { recipient: null, subject: '', companyName: '', html: '' };

export const MAIL_DRAFT_KEY = 'sendMail';

/**
 * Nothing the administrator typed: the company name as prefilled, and at most the customer the
 * link chose (/sendmail?to=<id>), which they did not pick themselves.
 */
const isBlank = (mail: Draft, platformName: string, to: string | null) =>
  !mail.subject.trim() &&
  !mail.html.trim() &&
  (mail.companyName.trim() === '' || mail.companyName === platformName) &&
  (mail.recipient === null || mail.recipient.id === to);

interface MailForm {
  watch: UseFormWatch<Draft>;
  getValues: UseFormGetValues<Draft>;
  reset: UseFormReset<Draft>;
  platformName: string;
}

/**
 * The e-mail being written is kept while typed and comes back when the page opens again (after an
 * idle sign-out, or after leaving the page), unless the administrator has already started another
 * one or the link names another customer. `forget` after sending or discarding.
 */
export function useMailDraft({ watch, getValues, reset, platformName }: MailForm) {
  const to = useSearchParams()[0].get('to');
  const { loaded, restored: kept, save, forget } = useDraft(MAIL_DRAFT_KEY, mailDraftSchema);
  const [restored, setRestored] = useState(false);
  const applied = useRef(false);
  /** A draft is held that this page did not show: it is not forgotten until something else is typed. */
  const setAside = useRef(false);
  const context = useRef({ platformName, to });
  context.current = { platformName, to };

  useEffect(() => {
    if (!loaded || applied.current) return;
    applied.current = true;
    if (!kept) return;
    const otherUser = to !== null && kept.recipient !== null && kept.recipient.id !== to;
    if (otherUser || !isBlank(getValues(), platformName, to)) {
      setAside.current = true;
      return;
    }
    reset(kept);
    setRestored(true);
  }, [loaded, kept, getValues, reset, platformName, to]);

  useEffect(() => {
    const subscription = watch(() => {
      const mail = getValues();
      const blank = isBlank(mail, context.current.platformName, context.current.to);
      if (!blank) setAside.current = false;
      if (!setAside.current) save(blank ? null : mail);
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
