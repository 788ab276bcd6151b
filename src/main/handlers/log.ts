import type { HandlerContext, NamespaceHandlers } from './context';

export const logHandlers = ({ rendererErrors }: HandlerContext): NamespaceHandlers<'log'> => ({
  'log.rendererError': (input) => {
    rendererErrors.write(input);
    return null;
  }
});
