/** A one-time message carried in memory from one staff screen to the next (e.g. after erasing). */
let pending: string | undefined;

export function setFlash(message: string): void {
  pending = message;
}

export function consumeFlash(): string | undefined {
  const message = pending;
  pending = undefined;
  return message;
}
