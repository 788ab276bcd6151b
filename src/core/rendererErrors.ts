import { scrubPersonalData } from '../shared/domain/privacy';
import type { RendererError } from '../shared/schemas/log';
import type { Logger } from './ports/logger';

/** A page stuck in a loop of errors must not fill main.log: this many a minute are written, then one line says the rest were not. */
export const RENDERER_ERRORS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

const where: Record<RendererError['kind'], string> = {
  boundary: 'a screen stopped on an error',
  route: 'the page stopped on an error',
  onerror: 'uncaught error',
  unhandledrejection: 'unhandled promise rejection'
};

/**
 * Writes the screens' errors (log.rendererError) to the main process's log. The page scrubbed them
 * already; they are scrubbed again here, since this is where they enter the file, and written as one
 * line plus the stack indented under it, so a message cannot pass for a log line of its own.
 */
export class RendererErrorLog {
  private windowStart = Number.NEGATIVE_INFINITY;
  private written = 0;
  private dropped = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now
  ) {}

  write(report: RendererError): void {
    const at = this.now();
    if (at - this.windowStart >= MINUTE_MS) {
      if (this.dropped > 0) this.log.warn(`Renderer: ${this.dropped} more errors in that minute were not written.`);
      this.windowStart = at;
      this.written = 0;
      this.dropped = 0;
    }
    if (this.written >= RENDERER_ERRORS_PER_MINUTE) {
      if (this.dropped === 0)
        this.log.warn(`Renderer: more than ${RENDERER_ERRORS_PER_MINUTE} errors within a minute; the rest of that minute's are not written.`);
      this.dropped += 1;
      return;
    }
    this.written += 1;
    const message = scrubPersonalData(report.message).replace(/\s*[\r\n]+\s*/g, ' | ');
    const route = scrubPersonalData(report.route).replace(/\s+/g, ' ');
    const stack = report.stack
      ? scrubPersonalData(report.stack)
          .split(/\r?\n/)
          .map((line) => `    ${line.trim()}`)
          .join('\n')
      : null;
    this.log.error(`Renderer (${where[report.kind]}) on ${route || '/'}: ${message}${stack ? `\n${stack}` : ''}`);
  }
}
