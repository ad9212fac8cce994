// Loads rows by key, collecting the keys asked for while one answer is being computed into one query
// (a page of 50 plans reads their intents with one `IN`, not 50 lookups). Nothing is kept after a
// batch, so a loader can be shared by every request and subscription: no answer is ever stale.
type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

export class BatchLoader<K, V> {
  private pending: Map<K, Waiter<V>[]> | null = null;

  constructor(private readonly fetch: (keys: K[]) => Promise<ReadonlyMap<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    if (!this.pending) {
      this.pending = new Map();
      // After the resolvers running now (and the promise jobs they start) have asked for their keys.
      void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
    }
    const pending = this.pending;
    return new Promise((resolve, reject) => {
      pending.set(key, [...(pending.get(key) ?? []), { resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    try {
      const found = await this.fetch([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }
}
