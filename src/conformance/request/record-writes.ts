/**
 * A captured application-data record written back (the `record` body: restoring what a case
 * saved before it emptied the record). A record holds up to 10,000 keys and 4 MiB (P-DATA-7),
 * one write fewer than 100 pairs (P-DATA-3) and at most 1 MiB of body (P-ERR-4): so the record
 * goes back as consecutive runs of its members, in its order (P-FMT-3: the first write of a key
 * places it), each run one write within both bounds.
 */
import { MAX_BODY_BYTES, PAIR_LIMIT } from "../../model/limits.js";
import { OrderedObject, type OrderedValue, stringifyOrdered } from "./ordered-json.js";

/** The bodies that write `record` back; a value that is no object, or an empty one, is one body. */
export function recordWrites(record: OrderedValue): OrderedValue[] {
  if (!(record instanceof OrderedObject) || record.members.length === 0) return [record];
  const out: OrderedObject[] = [];
  let run: [string, OrderedValue][] = [];
  let bytes = 2; // the braces
  for (const member of record.members) {
    // `"key":value` and the comma before it
    const size =
      Buffer.byteLength(`${JSON.stringify(member[0])}:${stringifyOrdered(member[1])}`) + 1;
    if (run.length > 0 && (run.length === PAIR_LIMIT - 1 || bytes + size > MAX_BODY_BYTES)) {
      out.push(new OrderedObject(run));
      run = [];
      bytes = 2;
    }
    run.push(member);
    bytes += size;
  }
  out.push(new OrderedObject(run));
  return out;
}
