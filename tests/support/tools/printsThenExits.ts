import { exitWhenPrinted } from '../../../tools/exit-when-printed';

// A command that prints a long report and its summary last, then ends as `exitWhenPrinted` ends it,
// or, given `--exit`, with a bare process.exit (the way that lost the summary).
for (let line = 1; line <= 20_000; line++) console.log(`line ${line} of the report`);
console.error('a warning on stderr');
console.log('20000 operations, 0 violations');
if (process.argv.includes('--exit')) process.exit(1);
else exitWhenPrinted(1);
