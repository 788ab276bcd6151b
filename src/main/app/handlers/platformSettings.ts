import { operationOf } from '../operations';
import { changeSettings } from '../settingsChanges';
import type { HandlerContext, NamespaceHandlers } from './context';

export const platformSettingsHandlers = ({ platform, actor }: HandlerContext): NamespaceHandlers<'platformSettings'> => ({
  'platformSettings.get': () => platform().settings.platformSettings(),
  'platformSettings.save': (input) =>
    changeSettings({ store: platform().store, actor: actor(), operation: operationOf('platformSettings.save', input) }, input.changes)
});
