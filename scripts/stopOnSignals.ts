// What `npm start` and `npm run cluster` do on Ctrl+C or SIGTERM: say so once, stop what they started, and exit 0
// (1, with the error, if stopping failed). A second signal while stopping changes nothing.
export function stopOnSignals(what: string, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ${what}...`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
