// The one answer shape of a call that can fail with a text the user reads (a save, a load, a delete): either it
// worked (with its value, when it has one) or it did not, with the message to show. Every client call and form
// speaks it, so a screen handles every call's failure the same way. A failure may say more than its message (the
// HTTP status the caller branches on, the server's body): `Result<T, F>` with `F` a Failure that adds those fields.

export type Failure = { ok: false; message: string };

export type Result<T = undefined, F extends Failure = Failure> =
  ([T] extends [undefined] ? { ok: true } : { ok: true; value: T }) | F;

export function failure(message: string): Failure {
  return { ok: false, message };
}

/** A success carrying `value`, for code generic in the value's type (where the type cannot yet tell its shape). */
export function succeeded<T>(value: T): Result<T> {
  return { ok: true, value } as unknown as Result<T>;
}
