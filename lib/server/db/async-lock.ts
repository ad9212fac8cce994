// A FIFO async lock: one holder at a time, waiters served in arrival order.
export class AsyncLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves once the lock is held; call the returned function exactly once to release it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    });
    this.#tail = this.#tail.then(() => held);
    return ready;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
