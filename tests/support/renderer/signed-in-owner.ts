import { signInAs } from './session';

// Before each test file (vitest.config.mts, setupFiles): the screens are drawn for an owner, who is
// offered every control, unless the file signs in another role (signInAs) or signs out. The unit
// files share one module cache, so this also keeps one file's role from reaching the next.
signInAs('owner');
