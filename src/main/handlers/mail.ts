import { retryMail, sendCustomMail } from '../../core/mail';
import type { HandlerContext, NamespaceHandlers } from './context';

/** Webmail and the e-mail queue. */
export const mailHandlers = ({ platform, actor }: HandlerContext): NamespaceHandlers<'mail'> => ({
  'mail.send': (input) => sendCustomMail(platform(), actor(), input),
  'mail.outbox': (query) => platform().outbox.list(query),
  'mail.counts': () => platform().outbox.counts(),
  'mail.retry': async (input) => {
    await retryMail(platform(), actor(), input);
    return null;
  }
});
