// Runs in the worker: whether the live stream is paused because a replay is shown (docs/time-travel.md "The live
// stream while replaying"), and the open cable connections that follow it. A connection opened while paused (an
// organization switch) starts paused.
import type { CableConnection } from './cableConnection.ts';

type Pausable = Pick<CableConnection, 'pause' | 'resume'>;

export class LivePause {
  private paused = false;
  private readonly connections = new Set<Pausable>();

  /** Follows the pause until the returned function is called (the connection closed). */
  follow(connection: Pausable): () => void {
    this.connections.add(connection);
    if (this.paused) connection.pause();
    return () => this.connections.delete(connection);
  }

  set(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    for (const connection of this.connections) {
      if (paused) connection.pause();
      else connection.resume();
    }
  }
}
