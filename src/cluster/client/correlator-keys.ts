/**
 * The EventCorrelator's cache keys (client-go's getEventKey, getSpamKey and
 * EventAggregatorByReasonFunc; the plain definitions are eventKey, spamKey
 * and aggregatorKeys in event-correlator.ts), built so that the keys of one
 * object's events share their long head. Each key is its fields joined with
 * no separator, about 130 to 180 characters, and the correlators kept three
 * per event in flat copies of their own: the largest share of a kubelet's
 * memory per pod. Here a key is the object's part (source, object, and for
 * the spam and group keys the type) followed by the event's own tail (type,
 * reason and message; or reason and reporting fields), joined as a rope
 * that points to both: the part is made once for consecutive events about
 * one object (a kubelet records Pulled, Created and Started together) and
 * the tail is interned (pods of one template repeat it). The keys' values
 * are exactly the plain ones, so every cache hit and eviction is the same.
 */
import { flatConcat, intern } from '../flat-string.js';

type Obj = Record<string, any>;

const NONE: Obj = Object.freeze({});

/** How many group-key tails a recorder keeps (by reason) before starting over. */
const MAX_AGGREGATE_TAILS = 64;

/** A Go string field: absent is empty. */
function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** `head + tail`, the rope `last` holds when it was made of the same two strings, else a new one (kept in `last`). */
function join(last: { head: string; tail: string; key: string }, head: string, tail: string): string {
  // Both parts are flat (built by flatConcat, interned), so comparing them flattens nothing.
  if (head === last.head && tail === last.tail) return last.key;
  last.head = head;
  last.tail = tail;
  return (last.key = head + tail);
}

/** Makes the three keys of an event, sharing the object's part between consecutive events about one object. */
export class CorrelatorKeys {
  /** The fields the parts were made from: component, host, kind, namespace, name, fieldPath, uid, apiVersion, type. */
  private readonly fields: string[] = ['', '', '', '', '', '', '', '', ''];
  /** component, host, kind, namespace, name, fieldPath, uid, apiVersion: getEventKey's head. */
  private objectPart = '';
  /** component, host, kind, namespace, name, uid, apiVersion, type: getSpamKey, and the head of the group key. */
  private spamPart = '';
  /**
   * The frozen `source` and `involvedObject` the fields were last read from (undefined: not frozen). The recorder
   * shares one frozen pair among the events about one object version, and the API server stores them shared, so
   * the four keys asked per event (three by the correlator, one when the stored event comes back) read them once.
   */
  private frozenSource: object | undefined;
  private frozenObject: object | undefined;

  /** The last event key made, with its parts (see eventKey). */
  private lastEvent = { head: '', tail: '', key: '' };
  /** The last group key made, with its parts. */
  private lastAggregate = { head: '', tail: '', key: '' };
  /** The tail of the last event key, and the type, reason and message it was made of. */
  private lastEventTail = { type: '', reason: '', message: '', tail: '' };
  /**
   * The group keys' tails by reason, for the reporting controller and instance they were made with: a recorder
   * reports as one component (kubelet, node-1), so only the reason varies, among the few its component records.
   */
  private readonly aggregateTails = new Map<string, string>();
  private tailsReporting: { component: string; instance: string } = { component: '', instance: '' };

  /**
   * getEventKey: source, object (with field path), type, reason and message. The same parts give the
   * same rope as the last call: V8 compares two distinct ropes by flattening both for good (a flat copy
   * each), and the correlator looks an event's key up again when the stored event comes back.
   */
  eventKey(event: Obj): string {
    this.refresh(event);
    const type = str(event.type);
    const reason = str(event.reason);
    const message = str(event.message);
    const last = this.lastEventTail;
    // The stored event comes back with the very strings the correlator made its key of.
    if (type !== last.type || reason !== last.reason || message !== last.message) {
      last.type = type;
      last.reason = reason;
      last.message = message;
      last.tail = intern(flatConcat(type, reason, message));
    }
    return join(this.lastEvent, this.objectPart, last.tail);
  }

  /** getSpamKey: source and object (no field path), and type. */
  spamKey(event: Obj): string {
    this.refresh(event);
    return this.spamPart;
  }

  /** EventAggregatorByReasonFunc's group key: the spam key, then reason and reporting controller and instance. */
  aggregateKey(event: Obj): string {
    this.refresh(event);
    const reason = str(event.reason);
    const component = str(event.reportingComponent);
    const instance = str(event.reportingInstance);
    const reporting = this.tailsReporting;
    if (component !== reporting.component || instance !== reporting.instance) {
      this.aggregateTails.clear();
      this.tailsReporting = { component, instance };
    }
    let tail = this.aggregateTails.get(reason);
    if (tail === undefined) {
      tail = intern(flatConcat(reason, component, instance));
      // Reasons are the recording components' own words, a dozen or so; the bound only guards the memory.
      if (this.aggregateTails.size >= MAX_AGGREGATE_TAILS) this.aggregateTails.clear();
      this.aggregateTails.set(reason, tail);
    }
    return join(this.lastAggregate, this.spamPart, tail);
  }

  /** Remakes the parts when a field they are made of differs from the last event's. */
  private refresh(event: Obj): void {
    const s: Obj = event.source ?? NONE;
    const o: Obj = event.involvedObject ?? NONE;
    const f = this.fields;
    // Frozen objects read before cannot have changed: only the type may differ.
    if (s === this.frozenSource && o === this.frozenObject) {
      const type = str(event.type);
      if (type !== f[8]) {
        this.spamPart = flatConcat(f[0], f[1], f[2], f[3], f[4], f[6], f[7], type);
        f[8] = type;
      }
      return;
    }
    const component = str(s.component);
    const host = str(s.host);
    const kind = str(o.kind);
    const namespace = str(o.namespace);
    const name = str(o.name);
    const fieldPath = str(o.fieldPath);
    const uid = str(o.uid);
    const apiVersion = str(o.apiVersion);
    const type = str(event.type);
    const sameObject = component === f[0] && host === f[1] && kind === f[2] && namespace === f[3] && name === f[4] && uid === f[6] && apiVersion === f[7];
    if (!sameObject || fieldPath !== f[5]) this.objectPart = flatConcat(component, host, kind, namespace, name, fieldPath, uid, apiVersion);
    if (!sameObject || type !== f[8]) this.spamPart = flatConcat(component, host, kind, namespace, name, uid, apiVersion, type);
    f[0] = component;
    f[1] = host;
    f[2] = kind;
    f[3] = namespace;
    f[4] = name;
    f[5] = fieldPath;
    f[6] = uid;
    f[7] = apiVersion;
    f[8] = type;
    const frozen = Object.isFrozen(s) && Object.isFrozen(o);
    this.frozenSource = frozen ? s : undefined;
    this.frozenObject = frozen ? o : undefined;
  }
}
