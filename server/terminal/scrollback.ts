/**
 * The recent output of a shell, replayed when a terminal reconnects. Keeps at most `limit`
 * characters; when it trims, it starts the kept text after a line break where one is near, so a
 * replay rarely begins in the middle of a line or an escape sequence.
 */
export class Scrollback {
  #chunks: string[] = [];
  #length = 0;

  constructor(readonly limit: number) {}

  get length(): number {
    return this.#length;
  }

  push(chunk: string): void {
    if (!chunk) return;
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    if (this.#length > this.limit) this.#trim();
  }

  text(): string {
    if (this.#chunks.length > 1) this.#chunks = [this.#chunks.join('')];
    return this.#chunks[0] ?? '';
  }

  #trim(): void {
    let excess = this.#length - this.limit;
    while (excess > 0 && this.#chunks.length > 0) {
      const first = this.#chunks[0] ?? '';
      if (first.length <= excess) {
        this.#chunks.shift();
        excess -= first.length;
        this.#length -= first.length;
      } else {
        this.#chunks[0] = first.slice(excess);
        this.#length -= excess;
        excess = 0;
      }
    }
    // Start after the next line break when there is one within a few hundred characters.
    const head = this.#chunks[0] ?? '';
    const nl = head.indexOf('\n');
    if (nl >= 0 && nl < 512) {
      this.#chunks[0] = head.slice(nl + 1);
      this.#length -= nl + 1;
      if (this.#chunks[0] === '') this.#chunks.shift();
    }
  }
}
