// Long report work on the simulator's event loop: `step` is called until it says it is finished, for at most
// `sliceMs` at a time with a turn of the event loop (setImmediate) in between, so requests and cable frames are
// served while a month of telemetry is read (the export worker slices the same way, docs/data.md).
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runInSlices(step: () => boolean, sliceMs: number): Promise<void> {
  for (;;) {
    const sliceEnd = performance.now() + sliceMs;
    let finished = false;
    while (!finished && performance.now() < sliceEnd) finished = step();
    if (finished) return;
    await nextTurn();
  }
}
