// Where an import's time goes, phase by phase (issue 23, performance): the
// preview reports each phase (wall and this process's CPU time) on a
// diagnostics channel. Nothing listens in the server (publishing then costs
// one check); scripts/bench/import-preview.ts subscribes and prints the table
// that decision 203 quotes.
import diagnosticsChannel from "node:diagnostics_channel";

/** One phase: `ms` wall time, `cpuMs` this process's CPU (every thread: the parse worker is one). */
export type ImportPhase = { name: string; ms: number; cpuMs: number };

export const importPhaseChannel = diagnosticsChannel.channel("freight:import-phase");

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A stopwatch of phases; `lap(name)` reports the time since the previous lap (or the start). */
export function phaseClock(): { lap(name: string): void; add(name: string, ms: number, cpu: number): void; now(): [number, number] } {
  const listening = () => importPhaseChannel.hasSubscribers;
  let [wall, cpu] = listening() ? [performance.now(), cpuMs()] : [0, 0];
  const publish = (phase: ImportPhase) => importPhaseChannel.publish(phase);
  return {
    lap(name) {
      if (!listening()) return;
      const [w, c] = [performance.now(), cpuMs()];
      publish({ name, ms: w - wall, cpuMs: c - cpu });
      [wall, cpu] = [w, c];
    },
    /** A phase measured by the caller (time spread over a loop), outside the laps. */
    add(name, ms, cpu) {
      if (listening()) publish({ name, ms, cpuMs: cpu });
    },
    now: () => (listening() ? [performance.now(), cpuMs()] : [0, 0]),
  };
}
