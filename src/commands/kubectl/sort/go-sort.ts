/**
 * Go's `sort.Sort` as kubectl 1.32 runs it (built with Go 1.23): the
 * pattern-defeating quicksort of src/sort/zsortinterface.go and sort.go,
 * ported step for step so that equal keys — and kubectl's inconsistent
 * "missing field is less" comparator — end up in exactly the order real
 * kubectl prints. The sort is unstable; do not "fix" it.
 *
 * Go 1.23's xorshift uses the shifts 13, 17, 5 on a uint64 (changed to
 * 13, 7, 17 only in Go 1.24, golang/go#70144); BigInt keeps the 64-bit wrap.
 */

/** Go's sort.Interface over positions 0..len-1. */
export interface SortInterface {
  readonly length: number;
  less(i: number, j: number): boolean;
  swap(i: number, j: number): void;
}

const enum Hint {
  Unknown,
  Increasing,
  Decreasing,
}

/** bits.Len(uint(n)): the number of bits needed to represent n. */
function bitsLen(n: number): number {
  return n <= 0 ? 0 : Math.floor(Math.log2(n)) + 1;
}

/** sort.Sort(data). */
export function goSort(data: SortInterface): void {
  const n = data.length;
  if (n <= 1) return;
  pdqsort(data, 0, n, bitsLen(n));
}

/** Sorts a copy of `items` with Go's sort.Sort and an index-free less. */
export function goSorted<T>(items: readonly T[], less: (a: T, b: T) => boolean): T[] {
  const a = [...items];
  goSort({
    length: a.length,
    less: (i, j) => less(a[i], a[j]),
    swap: (i, j) => {
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    },
  });
  return a;
}

function insertionSort(data: SortInterface, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && data.less(j, j - 1); j--) data.swap(j, j - 1);
  }
}

function siftDown(data: SortInterface, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && data.less(first + child, first + child + 1)) child++;
    if (!data.less(first + root, first + child)) return;
    data.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(data: SortInterface, a: number, b: number): void {
  const first = a;
  const lo = 0;
  const hi = b - a;
  for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) siftDown(data, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    data.swap(first, first + i);
    siftDown(data, lo, i, first);
  }
}

function pdqsort(data: SortInterface, a: number, b: number, limit: number): void {
  const maxInsertion = 12;
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= maxInsertion) {
      insertionSort(data, a, b);
      return;
    }
    if (limit === 0) {
      heapSort(data, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(data, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(data, a, b);
    if (hint === Hint.Decreasing) {
      reverseRange(data, a, b);
      pivot = b - 1 - (pivot - a);
      hint = Hint.Increasing;
    }
    if (wasBalanced && wasPartitioned && hint === Hint.Increasing) {
      if (partialInsertionSort(data, a, b)) return;
    }
    if (a > 0 && !data.less(a - 1, pivot)) {
      a = partitionEqual(data, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(data, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.trunc(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(data, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(data, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(data: SortInterface, a: number, b: number, pivot: number): [number, boolean] {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && data.less(i, a)) i++;
  while (i <= j && !data.less(j, a)) j--;
  if (i > j) {
    data.swap(j, a);
    return [j, true];
  }
  data.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && data.less(i, a)) i++;
    while (i <= j && !data.less(j, a)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  data.swap(j, a);
  return [j, false];
}

function partitionEqual(data: SortInterface, a: number, b: number, pivot: number): number {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !data.less(a, i)) i++;
    while (i <= j && data.less(a, j)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(data: SortInterface, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !data.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    data.swap(i, i - 1);
    // Go shifts down to index 1 and up to b regardless of a (as written upstream).
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
  }
  return false;
}

const MASK64 = (1n << 64n) - 1n;

function breakPatterns(data: SortInterface, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  let random = BigInt(length);
  const next = (): bigint => {
    random ^= (random << 13n) & MASK64;
    random ^= random >> 17n;
    random ^= (random << 5n) & MASK64;
    return random;
  };
  const modulus = BigInt(2 ** bitsLen(length));
  const base = a + Math.trunc(length / 4) * 2;
  for (let idx = base - 1; idx <= base + 1; idx++) {
    let other = Number(next() & (modulus - 1n));
    if (other >= length) other -= length;
    data.swap(idx, a + other);
  }
}

function choosePivot(data: SortInterface, a: number, b: number): [number, Hint] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.trunc(l / 4) * 1;
  let j = a + Math.trunc(l / 4) * 2;
  let k = a + Math.trunc(l / 4) * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = medianAdjacent(data, i, swaps);
      j = medianAdjacent(data, j, swaps);
      k = medianAdjacent(data, k, swaps);
    }
    j = median(data, i, j, k, swaps);
  }
  if (swaps.n === 0) return [j, Hint.Increasing];
  if (swaps.n === maxSwaps) return [j, Hint.Decreasing];
  return [j, Hint.Unknown];
}

function order2(data: SortInterface, a: number, b: number, swaps: { n: number }): [number, number] {
  if (data.less(b, a)) {
    swaps.n++;
    return [b, a];
  }
  return [a, b];
}

function median(data: SortInterface, a: number, b: number, c: number, swaps: { n: number }): number {
  [a, b] = order2(data, a, b, swaps);
  [b, c] = order2(data, b, c, swaps);
  [a, b] = order2(data, a, b, swaps);
  return b;
}

function medianAdjacent(data: SortInterface, a: number, swaps: { n: number }): number {
  return median(data, a - 1, a, a + 1, swaps);
}

function reverseRange(data: SortInterface, a: number, b: number): void {
  let i = a;
  let j = b - 1;
  while (i < j) {
    data.swap(i, j);
    i++;
    j--;
  }
}
