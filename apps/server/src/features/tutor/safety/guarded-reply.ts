/** What to send after a piece of the reply arrives. */
export interface GuardStep {
  /** New text the learner may see now. */
  emit: string;
  /** The checks failed: show this instead of everything so far, and stop. */
  replace: string | null;
  /** The reply reached its length cap: stop reading. */
  stop: boolean;
}

/** The longest reply, in characters (about 350 words). */
export const MAX_REPLY_CHARS = 2000;
// Text is held back this far behind what arrived, so an answer split across pieces ("4" then "2") is checked whole
// before any of it is shown.
const HOLDBACK_CHARS = 48;

/**
 * Checks a reply as it streams: every piece is added to the full text, the full text is checked, and only text that
 * has passed (and is far enough from the end that the next piece cannot complete a forbidden answer) is released.
 * `check` returns the text to show instead, or null when the reply is fine.
 */
export class GuardedReply {
  private text = '';
  private sent = 0;
  private replacement: string | null = null;

  constructor(
    private readonly check: (text: string) => string | null,
    private readonly holdback = HOLDBACK_CHARS,
  ) {}

  /** The reply as the learner ends up seeing it. */
  get final(): string {
    return this.replacement ?? this.text.trim();
  }

  push(delta: string): GuardStep {
    if (this.replacement !== null) return { emit: '', replace: null, stop: true };
    this.text += delta;
    let stop = false;
    if (this.text.length > MAX_REPLY_CHARS) {
      const cut = this.text.lastIndexOf(' ', MAX_REPLY_CHARS);
      this.text = `${this.text.slice(0, cut > 0 ? cut : MAX_REPLY_CHARS)}…`;
      stop = true;
    }
    const replacement = this.check(this.text);
    if (replacement !== null) {
      this.replacement = replacement;
      return { emit: '', replace: replacement, stop: true };
    }
    if (stop) return { emit: this.release(this.text.length), replace: null, stop };
    const limit = this.text.length - this.holdback;
    const boundary = limit > this.sent ? this.text.lastIndexOf(' ', limit) : -1;
    return { emit: boundary > this.sent ? this.release(boundary) : '', replace: null, stop: false };
  }

  /** The rest of the reply once the source has finished. */
  finish(): GuardStep {
    if (this.replacement !== null) return { emit: '', replace: null, stop: true };
    const replacement = this.check(this.text);
    if (replacement !== null) {
      this.replacement = replacement;
      return { emit: '', replace: replacement, stop: true };
    }
    return { emit: this.release(this.text.length), replace: null, stop: true };
  }

  private release(end: number): string {
    const piece = this.text.slice(this.sent, end);
    this.sent = end;
    return piece;
  }
}
