/**
 * Empty plain objects sized for the keys they are about to get.
 *
 * V8 (Node 20) gives `{}` room for four properties inside the object; a copy
 * built key by key with more keys than that keeps the rest in a separate
 * property array (16 bytes of header plus slack on top of the slots), and past
 * some sixteen keys added one at a time it turns into a slow dictionary.
 * Stored objects are built that way by the API server's copy, so most carry
 * such an array. An object made by `new F()` instead gets F's estimated
 * property count (eight more than the `this.x =` assignments F's body holds)
 * inside the object, and after a few objects V8's in-object slack tracking
 * trims F's objects to the most properties any of them used. One constructor
 * per key count therefore yields objects holding exactly their keys in-object.
 * The constructors' prototype is `Object.prototype`: the objects are ordinary
 * plain objects to every reader (`constructor === Object`, JSON, spreads).
 */

/** Key counts that `{}` already holds in-object, and the most the constructors below make room for. */
const IN_OBJECT_LITERAL = 4;
const MOST_KEYS = 32;

type Shaped = new () => Record<string, unknown>;
const byCount: (Shaped | undefined)[] = [];

/** An empty plain object with room for `keys` properties in-object (a plain `{}` for few or very many keys). */
export function shapedObject(keys: number): Record<string, unknown> {
  if (keys <= IN_OBJECT_LITERAL || keys > MOST_KEYS) return {};
  let make = byCount[keys];
  if (make === undefined) {
    make = shapedConstructor(keys);
    byCount[keys] = make;
  }
  return new make();
}

/**
 * A fresh constructor (its own initial hidden class) whose body V8's parser
 * counts 24 property assignments in (never run): 24 + 8 = 32 in-object slots
 * before slack tracking trims them. Slack tracking ends after the first
 * {@link SLACK_TRACKED} objects and keeps the most properties any object had
 * by then; those are made here with exactly `keys` properties, so that a real
 * object given more keys after its copy (metadata the API server sets) cannot
 * widen every later object of its count.
 */
function shapedConstructor(keys: number): Shaped {
  const make = function (this: Record<string, unknown>): void {
    if (make.never) {
      this.a = 0; this.b = 0; this.c = 0; this.d = 0; this.e = 0; this.f = 0; this.g = 0; this.h = 0;
      this.i = 0; this.j = 0; this.k = 0; this.l = 0; this.m = 0; this.n = 0; this.o = 0; this.p = 0;
      this.q = 0; this.r = 0; this.s = 0; this.t = 0; this.u = 0; this.v = 0; this.w = 0; this.x = 0;
    }
  } as unknown as Shaped & { never?: boolean };
  make.prototype = Object.prototype;
  for (let n = 0; n < SLACK_TRACKED; n++) {
    const o = new make();
    for (let k = 0; k < keys; k++) o[`slot${k}`] = 0;
  }
  return make;
}

/** V8's in-object slack tracking counts this many constructions (Map::kSlackTrackingCounterStart is 7). */
const SLACK_TRACKED = 8;
