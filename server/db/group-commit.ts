/**
 * Group commit: submissions that arrive while a transaction is in flight wait and are written
 * together in the next one. `run` receives a batch and must commit all of it or none (one
 * transaction); each caller's promise settles only when the transaction holding its item has
 * committed (or failed: then every caller of that batch gets the error, and nothing of the
 * batch is stored).
 *
 * A batch starts on `setImmediate`, so everything the event loop received in one turn (several
 * requests parsed from the network) joins the same transaction instead of the first request
 * committing alone while the others wait.
 */
export class GroupCommit<Item, Result> {
  readonly #run: (items: readonly Item[]) => Promise<Result[]>;
  readonly #maxBatch: number;
  #queue: Array<{
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }> = [];
  #inFlight = false;
  #scheduled = false;
  /** Sizes of the batches committed so far (for the bench and tests). */
  readonly stats = { batches: 0, items: 0, largest: 0 };

  /** One batch at a time: the next starts when the last one committed (or failed). */
  constructor(run: (items: readonly Item[]) => Promise<Result[]>, maxBatch = 128) {
    this.#run = run;
    this.#maxBatch = maxBatch;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#inFlight || this.#scheduled || this.#queue.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (this.#inFlight || this.#queue.length === 0) return;
    this.#inFlight = true;
    const batch = this.#queue.splice(0, this.#maxBatch);
    try {
      const results = await this.#run(batch.map((entry) => entry.item));
      this.stats.batches += 1;
      this.stats.items += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      batch.forEach((entry, index) => entry.resolve(results[index] as Result));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.#inFlight = false;
      this.#schedule();
    }
  }
}
