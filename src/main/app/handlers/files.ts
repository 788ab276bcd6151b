import { AppError } from '../../../shared/result';
import type { HandlerContext, NamespaceHandlers } from './context';

export const filesHandlers = ({ saveCsv }: HandlerContext): NamespaceHandlers<'files'> => ({
  'files.saveCsv': ({ suggestedName, content }) => {
    // Browser mode downloads through the page instead; only the desktop app has a save dialog.
    if (!saveCsv) throw new AppError('UNAVAILABLE', 'Saving a file needs the desktop app; browser mode downloads it instead.');
    return saveCsv(suggestedName, content);
  }
});
