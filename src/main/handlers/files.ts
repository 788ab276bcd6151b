import { AppError } from '../../shared/result';
import type { HandlerContext, NamespaceHandlers } from './context';

export const filesHandlers = ({ saveCsv, savePdf }: HandlerContext): NamespaceHandlers<'files'> => ({
  'files.saveCsv': ({ suggestedName, content }) => {
    // Browser mode downloads through the page instead; only the desktop app has a save dialog.
    if (!saveCsv) throw new AppError('UNAVAILABLE', 'Saving a file needs the desktop app; browser mode downloads it instead.');
    return saveCsv(suggestedName, content);
  },
  'files.savePdf': ({ suggestedName }) => {
    // Browser mode prints from the page (window.print); only the desktop app prints to a file itself.
    if (!savePdf) throw new AppError('UNAVAILABLE', 'Saving a PDF needs the desktop app; in browser mode, print the statement and choose Save as PDF.');
    return savePdf(suggestedName);
  }
});
