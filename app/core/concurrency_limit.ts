/**
 * At most `limit` runs of some work at once; the rest wait their turn in
 * memory, holding nothing (no pooled connection, no lock). A bulkhead: a
 * burst of one kind of work leaves the rest of the pool to everyone else.
 */
export class ConcurrencyLimit {
  #active = 0
  #waiting: (() => void)[] = []

  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit >= 1)) {
      throw new RangeError(`A concurrency limit is a whole number from 1, not ${limit}`)
    }
  }

  /** How many runs wait for a turn. */
  get waiting() {
    return this.#waiting.length
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active < this.limit) {
      this.#active++
    } else {
      // The run that finishes hands its turn over directly: #active stays as it is.
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    try {
      return await work()
    } finally {
      const next = this.#waiting.shift()
      if (next) next()
      else this.#active--
    }
  }
}
