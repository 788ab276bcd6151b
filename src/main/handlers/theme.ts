import type { HandlerContext, NamespaceHandlers } from './context';

/** The theme chosen on this computer (src/core/theme.ts): system until the administrator picks light or dark. */
export const themeHandlers = ({ theme }: HandlerContext): NamespaceHandlers<'theme'> => ({
  'theme.get': () => ({ theme: theme.current() }),
  'theme.set': ({ theme: chosen }) => {
    theme.choose(chosen);
    return { theme: theme.current() };
  }
});
