/**
 * Ends a command with `code` once what it printed has left. On POSIX, stdout and stderr to a pipe
 * (a CI log, `| tee`, a test's spawn) are written asynchronously, and process.exit drops what a busy
 * reader has not taken yet: the simulation's last line, its summary, was seen lost that way under
 * load. Writes to a stream leave in order, so a last write's callback on each means all of it has.
 */
export function exitWhenPrinted(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
