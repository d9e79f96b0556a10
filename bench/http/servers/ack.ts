/** The answer of every server: `{"ack": <unix seconds>}`, computed per request like real data. */
export function ack(): { ack: number } {
  return { ack: Math.floor(Date.now() / 1000) };
}
