// No integration test waits on the wall clock for the server's deliberate
// waits (app/utils/clock.server.ts): the setup file installs this recording
// sleeper for every file, and a test reads what would have been waited.
import { installSleeper } from "~/utils/clock.server";

const waits: number[] = [];

/** Every `sleep(ms)` of the app returns at once and is recorded. */
export function installRecordingSleeper(): () => void {
  return installSleeper(async (ms) => {
    waits.push(ms);
  });
}

/** The waits asked for since the last call (and forgets them). */
export function takeWaits(): number[] {
  return waits.splice(0);
}
