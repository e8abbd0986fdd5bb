// A booking's snapshot as a reader of `lng` sees it: the rate data's own
// vocabulary (weekdays, "direct", transit days, known places) in their
// language. The stored snapshot stays as the customer saw it.
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { destinationIn, routeLine, type ExpressPlace } from "./labels";
import type { SourceSnapshot } from "./snapshot";

export function snapshotIn(snapshot: SourceSnapshot, lng: string): SourceSnapshot {
  if (lng !== "en-US") return snapshot;
  return {
    ...snapshot,
    from: vocabulary(snapshot.from, lng),
    to: vocabulary(snapshot.to, lng),
    facts: snapshot.facts.map((fact) => ({ ...fact, value: vocabulary(fact.value, lng) })),
  };
}

/** A booking's route on one line in `lng` (places translated, an express destination in the reader's language). */
export function routeIn(pol: string | null, pod: string | null, express: ExpressPlace, lng: string): string {
  return routeLine(vocabulary(pol, lng), vocabulary(pod, lng), express, lng);
}

/** A booking's destination alone, the same way (the records list has a column for it). */
export function destinationOf(pod: string | null, express: ExpressPlace, lng: string): string | null {
  return express ? destinationIn(pod, express, lng) : vocabulary(pod, lng);
}
