/**
 * Seeded randomness for the local driver: the same input always gives the
 * same script and the same picture.
 */

/** FNV-1a, 32 bits: a stable hash of a string. */
export function hashString(text: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export class Random {
  #state: number

  constructor(seed: number) {
    this.#state = seed >>> 0
  }

  /** mulberry32: a float in [0, 1). */
  next() {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let value = this.#state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }

  between(min: number, max: number) {
    return min + (max - min) * this.next()
  }

  integer(min: number, max: number) {
    return Math.floor(this.between(min, max + 1))
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other], copy[index]]
    }
    return copy
  }
}
