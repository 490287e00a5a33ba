// Every switch over a union ends here, so adding a member without handling it fails to type-check.

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
